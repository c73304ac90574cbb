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
            overlay.report.errors.indices.contains(error)
        else { return }
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
            let verdict = "  " + fix.verdict.text
            let title = (isSelected ? " ▶ " : "   ") + "\(k + 1). " + TerminalSafeText.escape(fix.title)
            // The verdict stays whole; a title that does not fit ends in `…` (the detail below repeats it whole).
            let x = screen.put(
                Self.cut(title, to: Self.titleRoom(width: screen.width, verdict: verdict)), x: 0, y: y,
                style: isSelected ? .cursor : .key)
            screen.put(verdict, x: x, y: y, style: fix.verdict.decodes ? .success : .warning)
            y += 1
        }
        y += 1
        let lines = detailLines(width: screen.width)
        let room = detailRoom(layout)
        let offset = min(state.viewer.paneOffset(.fix(error: error, selection: selection)), max(0, lines.count - room))
        for (text, style) in lines.dropFirst(offset) where y < layout.bottomY {
            screen.put(TerminalSafeText.escape(text), x: 0, y: y, style: style, limit: screen.width)
            y += 1
        }
        if lines.count > room {
            let keys = [FixesMove.scroll(.halfPages(1)), .scroll(.halfPages(-1))]
                .compactMap { state.keyMap.sequences(for: .fixes($0), in: .fixes).first.map { KeyName.describe($0) } }
            DetailRenderer.drawScrollMarks(
                above: offset, below: lines.count - room - offset, keys: keys.joined(separator: " "),
                on: layout.treeTop + fixes.count + 1, into: &screen)
        }
        let fix = fixes[selection]
        let prompt =
            confirming
            ? " write \(fix.changes.map(\.path).joined(separator: ", ")) (a backup is kept)? y writes, any other key cancels"
            : " j/k choose  ⏎ write this fix  J/K scroll  Esc close"
        screen.fill(row: layout.bottomY, from: 0, with: " ", style: .plain)
        screen.put(TerminalSafeText.escape(prompt), x: 0, y: layout.bottomY, style: confirming ? .warning : .hint)
    }

    /// The highlighted fix's explanation, decoder setting, decode call and diff, wrapped.
    func detailLines(width: Int) -> [(String, Style)] {
        guard let fixes = state.decode.lessons?.fixes(forError: error), fixes.indices.contains(selection) else { return [] }
        let fix = fixes[selection]
        var lines: [(String, Style)] = []
        let title = TerminalSafeText.escape(fix.title)
        if DisplayWidth.of(" ▶ \(selection + 1). " + title) > Self.titleRoom(width: width, verdict: "  " + fix.verdict.text) {
            lines += TextWrap.lines(title, width: width, indent: 3).map { ($0, .key) }
        }
        for line in fix.detail.split(separator: "\n", omittingEmptySubsequences: false) {
            lines += TextWrap.lines(String(line), width: width, indent: 3).map { ($0, .plain) }
        }
        if let setting = fix.decoderSetting { lines.append(("   decoder: " + setting.swift, .key)) }
        if let call = fix.decodeCall { lines.append(("   decode:  " + call.swift, .key)) }
        for change in fix.changes {
            for line in change.diff.split(separator: "\n", omittingEmptySubsequences: false) {
                let style: Style = line.hasPrefix("+") ? .success : line.hasPrefix("-") ? .error : line.hasPrefix("@@") ? .dimmed : .plain
                lines.append(("   " + String(line), style))
            }
        }
        return lines
    }

    /// The rows under the list of fixes (and a blank row) that the detail lines get.
    func detailRoom(_ layout: Layout) -> Int {
        let count = state.decode.lessons?.fixes(forError: error).count ?? 0
        return max(1, layout.bottomY - (layout.treeTop + 1 + count + 1))
    }

    /// The columns a fix's title gets in the list: all but its verdict's, at least half the screen.
    static func titleRoom(width: Int, verdict: String) -> Int { max(width / 2, width - DisplayWidth.of(verdict)) }

    /// Text cut to `width` columns, ending in `…` when it was cut.
    static func cut(_ text: String, to width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        var kept = ""
        var used = 1
        for character in text {
            let w = DisplayWidth.of(character)
            if used + w > width { break }
            kept.append(character)
            used += w
        }
        return kept + "…"
    }
}
