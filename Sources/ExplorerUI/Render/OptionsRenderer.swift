import DecodingEngine

/// The `o` menu, drawn over the detail pane: each strategy and its value.
enum OptionsRenderer {
    static func draw(_ options: DecodeOptions, selection: Int, into screen: inout Screen, layout: Layout) {
        let labels = OptionsMenu.labels
        let values = OptionsMenu.values(options)
        let height = labels.count + 2
        let top = max(layout.treeTop, layout.bottomY - height)
        screen.fill(row: top, from: 0, with: "─", style: .border)
        screen.put(" JSONDecoder options  j/k choose  space change  o close and decode ", x: 2, y: top, style: .border)
        for (k, label) in labels.enumerated() where top + 1 + k < layout.bottomY {
            let y = top + 1 + k
            screen.fill(row: y, from: 0, with: " ", style: .plain)
            let x = screen.put("  " + label, x: 0, y: y, style: k == selection ? .cursor : .key)
            screen.put(values[k], x: max(x + 2, 26), y: y, style: k == selection ? .cursor : .plain)
            if k == selection { screen.restyle(row: y, as: .cursor) }
        }
    }
}
