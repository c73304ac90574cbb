import DecodingEngine
import JSONTree
import Teaching

/// The `f` view, over the whole screen below the header: the verified fixes for one error,
/// the highlighted one's explanation, code and diff against the user's model file.
struct FixesRenderer {
    let state: ExplorerState
    let error: Int
    let selection: Int
    let confirming: Bool

    func draw(into screen: inout Screen, layout: Layout) {
        guard let overlay = state.decode.overlay, let lessons = state.decode.lessons,
              overlay.report.errors.indices.contains(error) else { return }
        let fixes = lessons.fixes(forError: error)
        guard fixes.indices.contains(selection) else { return }
        for y in layout.treeTop..<layout.bottomY { screen.fill(row: y, from: 0, with: " ", style: .plain) }
        let located = overlay.report.errors[error]
        var y = layout.treeTop
        let path = located.codingPath.isEmpty ? "" : " at " + located.codingPath.readableText
        screen.put(" Fixes for \(located.kind.rawValue)\(path)", x: 0, y: y, style: .header)
        screen.fill(row: y, from: DisplayWidth.of(" Fixes for \(located.kind.rawValue)\(path)"), with: " ", style: .header)
        y += 1
        for (k, fix) in fixes.enumerated() where y < layout.bottomY {
            let isSelected = k == selection
            let x = screen.put((isSelected ? " ▶ " : "   ") + "\(k + 1). " + TerminalSafeText.escape(fix.title), x: 0, y: y,
                               style: isSelected ? .cursor : .key, limit: screen.width * 2 / 3)
            screen.put("  " + fix.verdict.text, x: x, y: y, style: fix.verdict.decodes ? .success : .warning)
            y += 1
        }
        y += 1
        let fix = fixes[selection]
        var lines: [(String, Style)] = []
        for line in fix.detail.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += TextWrap.lines(String(line), width: screen.width, indent: 3).map { ($0, .plain) }
        }
        if let setting = fix.decoderSetting { lines.append(("   decoder: " + setting.swift, .key)) }
        if let call = fix.decodeCall { lines.append(("   decode:  " + call.swift, .key)) }
        for change in fix.changes {
            for line in change.diff.split(separator: "\n", omittingEmptySubsequences: false) {
                let style: Style = line.hasPrefix("+") ? .success : line.hasPrefix("-") ? .error : line.hasPrefix("@@") ? .dimmed : .plain
                lines.append(("   " + String(line), style))
            }
        }
        for (text, style) in lines where y < layout.bottomY {
            screen.put(TerminalSafeText.escape(text), x: 0, y: y, style: style, limit: screen.width)
            y += 1
        }
        let prompt = confirming
            ? " write \(fix.changes.map(\.path).joined(separator: ", ")) (a backup is kept)? y writes, any other key cancels"
            : " j/k choose  ⏎ write this fix  Esc close"
        screen.fill(row: layout.bottomY, from: 0, with: " ", style: .plain)
        screen.put(TerminalSafeText.escape(prompt), x: 0, y: layout.bottomY, style: confirming ? .warning : .hint)
    }
}
