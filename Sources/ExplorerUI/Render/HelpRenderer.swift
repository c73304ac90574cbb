import JSONTree

/// The `?` screen: every key, written from the key map in force (so remaps show), with the
/// action names keys.conf uses; it scrolls when taller than the screen.
enum HelpRenderer {
    /// One line of the help: keys, what they do, and the action's name for keys.conf.
    struct Line: Hashable {
        var keys: String
        var summary: String
        var name: String = ""
        /// A section title instead of a binding.
        var isHeading = false
    }

    static func lines(keyMap: KeyMap) -> [Line] {
        var out: [Line] = [Line(keys: "Keys (remap them in keys.conf; see README)", summary: "", isHeading: true)]
        var listed = Set<Action>()
        for entry in ActionCatalog.entries where entry.context == .browse {
            listed.insert(entry.action)
            out.append(Line(keys: keys(for: entry.action, in: keyMap), summary: entry.summary, name: entry.name))
        }
        // Bindings to actions without a keys.conf name yet.
        let others = Set(keyMap.bindings.values).subtracting(listed).sorted { String(describing: $0) < String(describing: $1) }
        for action in others {
            out.append(Line(keys: keys(for: action, in: keyMap), summary: String(describing: action)))
        }
        out.append(Line(keys: "", summary: ""))
        out.append(Line(keys: "Counts: digits before a move repeat it (5j, 3J, 2]e)", summary: "", isHeading: true))
        for context in KeyContext.allCases where context != .browse {
            out.append(Line(keys: "", summary: ""))
            out.append(Line(keys: context.title, summary: "", isHeading: true))
            for entry in ActionCatalog.entries where entry.context == context {
                let sequences = keyMap.sequences(for: entry.action, in: context)
                out.append(
                    Line(
                        keys: sequences.isEmpty ? "—" : sequences.map(KeyName.describe).joined(separator: ", "),
                        summary: entry.summary, name: entry.name))
            }
        }
        out.append(Line(keys: "", summary: ""))
        out.append(Line(keys: "In a prompt (/ ? :)", summary: "", isHeading: true))
        out += [
            Line(keys: "Enter", summary: "go (an empty search repeats the last one; :help opens this help)"),
            Line(keys: "Esc, Ctrl-c", summary: "close the prompt"),
            Line(keys: "Backspace, Ctrl-u, Ctrl-w", summary: "delete a character, the line, a word"),
            Line(keys: "Up / Down, Tab", summary: "move in a list shown with the prompt"),
        ]
        out.append(Line(keys: "", summary: ""))
        out.append(Line(keys: "In the pager and this help", summary: "", isHeading: true))
        out += [
            Line(keys: keys(for: .moveDown, in: keyMap), summary: "scroll down a line"),
            Line(keys: keys(for: .moveUp, in: keyMap), summary: "scroll up a line"),
            Line(keys: keys(for: .toggleFold, in: keyMap) + ", " + keys(for: .pageDown, in: keyMap), summary: "scroll down a page"),
            Line(keys: keys(for: .pageUp, in: keyMap), summary: "scroll up a page"),
            Line(keys: both(.first, .last, keyMap), summary: "top / bottom"),
            Line(
                keys: [keyMap.keyName(for: .quit), "Esc"].compactMap { $0 }.joined(separator: ", "),
                summary: "close (in the help, any other key too)"),
        ]
        out.append(Line(keys: "", summary: ""))
        out.append(Line(keys: "Mouse", summary: "", isHeading: true))
        out += [
            Line(keys: "wheel", summary: "scroll three rows"),
            Line(keys: "click", summary: "put the cursor on the row"),
            Line(keys: "click ▸ / ▾, double click", summary: "fold or unfold"),
        ]
        return out
    }

    /// All keys of an action, `j, Down`; `—` when none is bound.
    private static func keys(for action: Action, in keyMap: KeyMap) -> String {
        let sequences = keyMap.sequences(for: action)
        return sequences.isEmpty ? "—" : sequences.map(KeyName.describe).joined(separator: ", ")
    }

    /// `j / k`: the first key of each of two actions.
    private static func both(_ a: Action, _ b: Action, _ keyMap: KeyMap) -> String {
        "\(keyMap.keyName(for: a) ?? "—") / \(keyMap.keyName(for: b) ?? "—")"
    }

    /// Rows for help lines (a title row above, a footer below).
    static func pageHeight(_ layout: Layout) -> Int { max(1, layout.height - 2) }

    static func draw(_ state: ExplorerState, into screen: inout Screen) {
        let all = lines(keyMap: state.keyMap)
        let layout = Layout(width: screen.width, height: screen.height)
        let page = pageHeight(layout)
        let top = min(state.helpTop, max(0, all.count - page))
        screen.fill(row: 0, from: 0, with: " ", style: .header)
        screen.put(" Codable Explorer: help", x: 0, y: 0, style: .header)
        let keyColumn = min(30, max(12, screen.width / 3))
        for (k, line) in all[top..<min(all.count, top + page)].enumerated() {
            let y = k + 1
            if line.isHeading {
                screen.put(" " + TerminalSafeText.escape(line.keys), x: 0, y: y, style: .key)
                continue
            }
            let x = screen.put(Shortened.text("  " + TerminalSafeText.escape(line.keys), width: keyColumn - 1), x: 0, y: y, style: .key)
            let summaryX = max(x + 1, keyColumn)
            let end = screen.put(Shortened.text(line.summary, width: screen.width - 1 - summaryX), x: summaryX, y: y, style: .plain)
            // The action's name (for keys.conf) only where it fits whole.
            if !line.name.isEmpty, end + 2 + DisplayWidth.of(line.name) <= screen.width - 1 {
                screen.put("  " + line.name, x: end, y: y, style: .dimmed)
            }
        }
        let shown = "lines \(top + 1)-\(min(all.count, top + page)) of \(all.count)"
        let keys = state.keyMap
        let scroll = [keys.keyName(for: .moveDown), keys.keyName(for: .moveUp), keys.keyName(for: .toggleFold), keys.keyName(for: .pageUp)]
        let more = all.count > page ? "  " + scroll.compactMap { $0 }.joined(separator: ", ") + " scroll;" : ""
        screen.put(
            " " + Shortened.parts([shown + more, "any other key closes"], priority: [1, 0], width: screen.width - 1), x: 0,
            y: screen.height - 1, style: .hint)
    }
}
