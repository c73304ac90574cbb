import JSONTree

/// A fix as `check` and `fix` print it: title and verdict, what it does, the decoder setting
/// or decode call it needs, and its diff, indented under the error. The lines are raw: they are
/// made safe for the terminal where they are printed (``TerminalSafeText/escapeLines(_:)``).
public enum FixText {
    /// With `full` false, the title, verdict and cost, and a pointer to where it was shown whole.
    public static func lines(_ fix: Fix, number: Int, indent: String, full: Bool = true) -> [String] {
        var out = ["\(indent)fix \(number): \(fix.title)", "\(indent)  \(fix.verdict.text)", "\(indent)  \(fix.cost.line)"]
        guard full else { return out + ["\(indent)  (shown above)"] }
        out.append("\(indent)  \(fix.detail)")
        if let setting = fix.decoderSetting {
            let flags = setting.checkFlags.map { "  (check: \($0.map(ShellWord.quoted).joined(separator: " ")))" } ?? ""
            let code = setting.swift.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            out.append("\(indent)  decoder:\(code.count == 1 ? " " + code[0] + flags : flags)")
            if code.count > 1 { out += code.map { "\(indent)    \($0)" } }
        }
        if let call = fix.decodeCall {
            let code = call.swift.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            let path = call.path.map { "  (check: --path \(ShellWord.quoted($0)))" } ?? ""
            out.append("\(indent)  decode:\(code.count == 1 ? " " + code[0] + path : path)")
            if code.count > 1 { out += code.map { "\(indent)    \($0)" } }
        }
        for change in fix.changes { out += diffLines(change.diff, indent: indent + "  ") }
        return out
    }

    /// A unified diff's lines, indented.
    public static func diffLines(_ diff: String, indent: String) -> [String] {
        diff.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { indent + $0 }
    }
}
