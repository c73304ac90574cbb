import Foundation
import JSONTree

/// The scenario picker, drawn over the tree: the scenarios on the left, the highlighted one's
/// ABOUT.md (wrapped) on the right, or below the list on a narrow screen.
enum ScenarioRenderer {
    static func draw(_ picker: ScenarioPicker, into screen: inout Screen, layout: Layout) {
        let top = 1
        let bottom = layout.bottomY
        for y in top..<bottom { screen.fill(row: y, from: 0, with: " ", style: .plain) }
        screen.put(" The tour: \(picker.entries.count) scenarios  (Enter opens one; Esc closes)", x: 0, y: top, style: .key)
        let wide = layout.width >= 90
        let listWidth = wide ? min(44, layout.width / 2) : layout.width
        let listHeight = wide ? bottom - top - 1 : max(3, (bottom - top - 1) / 2)
        // Keep the highlighted scenario in the list's window.
        let first = max(0, min(picker.selection - listHeight / 2, picker.entries.count - listHeight))
        for (k, entry) in picker.entries.enumerated().dropFirst(first).prefix(listHeight) {
            let y = top + 1 + k - first
            let text = " " + entry.name.prefix(2) + "  " + TerminalSafeText.escape(entry.title)
            screen.put(Shortened.text(text, width: listWidth - 1), x: 0, y: y, style: k == picker.selection ? .cursor : .plain)
            if k == picker.selection { screen.restyle(row: y, from: 0, as: .cursor) }
        }
        guard picker.entries.indices.contains(picker.selection) else { return }
        let about = picker.entries[picker.selection].about
        let x = wide ? listWidth + 1 : 0
        let aboutTop = wide ? top + 1 : top + 1 + listHeight
        if !wide { screen.fill(row: aboutTop - 1, from: 0, with: "─", style: .border) }
        let width = layout.width - x
        var lines: [String] = []
        for paragraph in paragraphs(about) {
            lines += paragraph.isEmpty ? [""] : TextWrap.lines(TerminalSafeText.escape(paragraph), width: width, indent: 1)
        }
        let start = min(picker.aboutTop, max(0, lines.count - 1))
        for (k, line) in lines.dropFirst(start).prefix(max(0, bottom - aboutTop)).enumerated() {
            let style: Style = line.hasPrefix(" #") ? .key : .plain
            screen.put(line, x: x, y: aboutTop + k, style: style, limit: layout.width - 1)
        }
    }

    /// Markdown's hard-wrapped lines joined into paragraphs; headings, list items, tables and
    /// code keep their own lines.
    static func paragraphs(_ text: String) -> [String] {
        var out: [String] = []
        var joining = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let own = ["#", "-", "*", "|", "```", "    ", "1."].contains { line.hasPrefix($0) }
            if line.trimmingCharacters(in: .whitespaces).isEmpty {
                out.append("")
                joining = false
            } else if joining && !own, let last = out.popLast() {
                out.append(last + " " + line.trimmingCharacters(in: .whitespaces))
            } else {
                out.append(line)
                joining = !line.hasPrefix("#") && !line.hasPrefix("```") && !line.hasPrefix("|")
            }
        }
        return out
    }
}
