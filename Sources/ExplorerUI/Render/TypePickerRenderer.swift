import JSONTree

/// The `t` picker's matches, listed above the prompt line, the highlighted one marked.
enum TypePickerRenderer {
    static func draw(_ prompt: Prompt, names: [String], into screen: inout Screen, layout: Layout) {
        let matches = TypePicker.matches(prompt.text, in: names)
        let room = max(1, min(10, layout.bottomY - layout.treeTop - 1))
        let shown = Array(matches.prefix(room))
        let top = layout.bottomY - shown.count - 1
        screen.fill(row: top, from: 0, with: "─", style: .border)
        let title =
            names.isEmpty
            ? " no Decodable types in the model files; type an expression "
            : " \(matches.count) of \(names.count) types  ↑/↓ choose  ⏎ decode  [T] T? Box<T> typed as is "
        screen.put(title, x: 2, y: top, style: .border)
        let selected = shown.isEmpty ? -1 : min(prompt.selection, shown.count - 1)
        for (k, name) in shown.enumerated() {
            let y = top + 1 + k
            screen.fill(row: y, from: 0, with: " ", style: .plain)
            screen.put("  " + TerminalSafeText.escape(name), x: 0, y: y, style: k == selected ? .cursor : .key)
            if k == selected { screen.restyle(row: y, as: .cursor) }
        }
    }
}
