import Capture
import DecodingEngine
import JSONTree

/// The detail pane of the selected entry: the request line, the query's parameters, the status
/// with the route that decodes it, the verdict, and the response headers. What it shows was
/// masked when the capture was read (``CredentialMask``): a credential reads `•••` here too.
struct CaptureDetailRenderer {
    var row: CaptureRow
    var width: Int
    /// What swiftc compiles before the check's first verdict, while it does: an entry still
    /// checking waits for it, and says so.
    var compiling: CompileStart?

    /// The pane's lines, each with its style, before they are cut to the pane's height.
    var lines: [(String, Style)] {
        var lines: [(String, Style)] = []
        let method = TerminalSafeText.escape(row.method ?? "")
        let url = TerminalSafeText.escape(row.url ?? "(no request recorded)")
        lines.append(((method.isEmpty ? "" : method + " ") + url, .key))
        let parameters = Self.queryParameters(of: row.url ?? "")
        if !parameters.isEmpty {
            lines.append(
                (
                    "  query: "
                        + parameters.map { TerminalSafeText.escape($0.name) + "=" + TerminalSafeText.escape($0.value) }.joined(
                            separator: "  "), .plain
                ))
        }
        var status = row.status.map { "status \($0)" } ?? "no status recorded"
        if let rule = row.rule {
            status += "   route \(TerminalSafeText.escape(rule.name)) → \(TerminalSafeText.escape(rule.typeExpression))"
            if rule.path != .root { status += " at \(TerminalSafeText.escape(rule.path.description))" }
            if rule.line > 0 { status += "  (line \(rule.line))" }
        }
        lines.append((status, row.status.map { $0 >= 400 } == true ? .warning : .plain))
        let (glyph, style) = CaptureListRenderer.glyph(row)
        // The glyph alone: the words give the count.
        var words = CaptureListRenderer.markWords(row.mark)
        if let compiling, row.mark == .checking { words = "waiting: \(compiling.text)…" }
        lines.append((String(glyph.prefix(1)) + " " + TerminalSafeText.escape(words), style))
        if row.responseHeaders.isEmpty {
            lines.append(("no response headers recorded", .dimmed))
        } else {
            lines.append(("response headers:", .dimmed))
            for header in row.responseHeaders {
                lines.append(("  " + TerminalSafeText.escape(header.name) + ": " + TerminalSafeText.escape(header.value), .plain))
            }
        }
        return lines
    }

    func draw(into screen: inout Screen, top: Int, height: Int) {
        for (offset, line) in lines.prefix(height).enumerated() {
            screen.put(" " + Shortened.text(line.0, width: width - 2), x: 0, y: top + offset, style: line.1)
        }
    }

    /// The query's parameters as the (masked) URL spells them, in order.
    static func queryParameters(of url: String) -> [(name: String, value: String)] {
        guard let question = url.firstIndex(of: "?") else { return [] }
        let query = url[url.index(after: question)...].prefix { $0 != "#" }
        return query.split(separator: "&").map { part in
            guard let equals = part.firstIndex(of: "=") else { return (String(part), "") }
            return (String(part[..<equals]), String(part[part.index(after: equals)...]))
        }
    }
}
