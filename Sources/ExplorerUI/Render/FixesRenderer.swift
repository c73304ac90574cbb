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
        let heading = " Fixes for " + located.heading
        screen.put(heading, x: 0, y: y, style: .header)
        screen.fill(row: y, from: DisplayWidth.of(heading), with: " ", style: .header)
        y += 1
        for (k, fix) in fixes.enumerated() where y < layout.bottomY {
            let isSelected = k == selection
            let verdict = "  " + Self.verdictText(fix.verdict, width: screen.width)
            let title = (isSelected ? " ▶ " : "   ") + "\(k + 1). " + TerminalSafeText.escape(fix.title)
            // The verdict stays whole; a title that does not fit ends in `…` (the detail below repeats it whole).
            let x = screen.put(
                Shortened.text(title, width: Self.titleRoom(width: screen.width, verdict: verdict)), x: 0, y: y,
                style: isSelected ? .cursor : .key)
            screen.put(
                Shortened.text(verdict, width: screen.width - x), x: x, y: y, style: fix.verdict.decodes ? .success : .warning)
            y += 1
            if costRows(layout), y < layout.bottomY {
                screen.put(
                    Shortened.text("      " + TerminalSafeText.escape(fix.cost.line), width: screen.width), x: 0, y: y,
                    style: Self.style(of: fix.cost))
                y += 1
            }
        }
        y += 1
        let lines = detailLines(width: screen.width, costInList: costRows(layout))
        let room = detailRoom(layout)
        let offset = min(state.viewer.paneOffset(.fix(error: error, selection: selection)), max(0, lines.count - room))
        for (text, style) in lines.dropFirst(offset) where y < layout.bottomY {
            // Prose is wrapped already; a line of code too long for the screen ends in `…`.
            screen.put(Shortened.text(TerminalSafeText.escape(text), width: screen.width), x: 0, y: y, style: style)
            y += 1
        }
        if lines.count > room {
            let keys = [FixesMove.scroll(.halfPages(1)), .scroll(.halfPages(-1))]
                .compactMap { state.keyMap.sequences(for: .fixes($0), in: .fixes).first.map { KeyName.describe($0) } }
            DetailRenderer.drawScrollMarks(
                above: offset, below: lines.count - room - offset, keys: keys.joined(separator: " "),
                on: layout.treeTop + listRows(layout) + 1, into: &screen)
        }
        let fix = fixes[selection]
        let prompt =
            confirming
            ? Self.writePrompt(paths: fix.changes.map { TerminalSafeText.escape($0.path) }, width: screen.width)
            : " "
                + Shortened.parts(
                    ["j/k choose", "⏎ write this fix", "J/K scroll", "Esc close"], priority: [1, 0, 2, 0], width: screen.width - 1)
        screen.fill(row: layout.bottomY, from: 0, with: " ", style: .plain)
        screen.put(prompt, x: 0, y: layout.bottomY, style: confirming ? .warning : .hint)
    }

    /// The highlighted fix's explanation, decoder setting, decode call and diff, wrapped; its
    /// cost first when the list has no row for it.
    func detailLines(width: Int, costInList: Bool) -> [(String, Style)] {
        guard let fixes = state.decode.lessons?.fixes(forError: error), fixes.indices.contains(selection) else { return [] }
        let fix = fixes[selection]
        var lines: [(String, Style)] = []
        let title = TerminalSafeText.escape(fix.title)
        let verdict = "  " + Self.verdictText(fix.verdict, width: width)
        if DisplayWidth.of(" ▶ \(selection + 1). " + title) > Self.titleRoom(width: width, verdict: verdict) {
            lines += TextWrap.lines(title, width: width, indent: 3).map { ($0, .key) }
        }
        if Self.verdictText(fix.verdict, width: width) != fix.verdict.text {
            // The list says the verdict's essence; the whole of it is here.
            lines += TextWrap.lines(fix.verdict.text, width: width, indent: 3).map { ($0, fix.verdict.decodes ? .success : .warning) }
        }
        if !costInList {
            lines += TextWrap.lines(fix.cost.line, width: width, indent: 3).map { ($0, Self.style(of: fix.cost)) }
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
        max(1, layout.bottomY - (layout.treeTop + 1 + listRows(layout) + 1))
    }

    /// Each fix gets a row under its title for what it costs on this payload, while the list
    /// then takes at most half the rows below the header; else the highlighted fix's cost is
    /// the first line of the detail.
    func costRows(_ layout: Layout) -> Bool {
        let count = state.decode.lessons?.fixes(forError: error).count ?? 0
        return count * 2 <= (layout.bottomY - layout.treeTop - 1) / 2
    }

    /// The rows the list of fixes takes.
    func listRows(_ layout: Layout) -> Int {
        let count = state.decode.lessons?.fixes(forError: error).count ?? 0
        return costRows(layout) ? count * 2 : count
    }

    /// A fix that keeps every value is dimmed; one that changes what values mean or drops data warns.
    static func style(of cost: FixCost) -> Style { cost.costClass == .keepsValues ? .dimmed : .warning }

    /// A verdict as the list shows it: whole when it leaves the title 40 columns; else its
    /// essence (`✓ removes this error; 2 others remain`), the whole verdict then said in the detail.
    static func verdictText(_ verdict: Verdict, width: Int) -> String {
        guard width - DisplayWidth.of(verdict.text) - 2 < 40 else { return verdict.text }
        switch verdict {
        case .decodes: return "✓ decodes"
        case .removesError(let n, let method, let removed):
            if method == .compiled { return "✓ removes this error" }
            let what = removed > 1 ? "removes \(FixCost.grouped(removed)) errors" : "removes this error"
            return "✓ \(what); \(FixCost.grouped(n)) other\(n == 1 ? "" : "s") remain\(n == 1 ? "s" : "")"
        }
    }

    /// The write confirmation in `width` columns: the question and its keys always, the files
    /// shortened from their left (the file name stays), the backup said when there is room.
    static func writePrompt(paths: [String], width: Int) -> String {
        let keys = "? y writes, any other key cancels"
        let backup = "  (a backup is kept)"
        let files = paths.joined(separator: ", ")
        let names = paths.map { $0.split(separator: "/").last.map(String.init) ?? $0 }.joined(separator: ", ")
        // The backup is said when the file names still fit whole beside it.
        for note in [backup, ""] {
            let room = width - 1 - DisplayWidth.of(" write " + keys + note)
            if room >= min(DisplayWidth.of(files), DisplayWidth.of(names) + 1) {
                return " write " + Shortened.fromLeft(files, width: room) + keys + note
            }
        }
        return " " + Shortened.text("write? y writes, any other key cancels", width: width - 1)
    }

    /// The columns a fix's title gets in the list: all but its verdict's, at least half the screen.
    static func titleRoom(width: Int, verdict: String) -> Int { max(width / 2, width - DisplayWidth.of(verdict)) }

}
