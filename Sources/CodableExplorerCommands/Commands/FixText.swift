import Foundation
import JSONTree
import Teaching

/// A fix as `check` and `fix` print it: title and verdict, what it does, the decoder setting
/// or decode call it needs, and its diff, indented under the error.
enum FixText {
    static func lines(_ fix: Fix, number: Int, indent: String, full: Bool = true) -> [String] {
        var out = [
            "\(indent)fix \(number): \(safe(fix.title))", "\(indent)  \(fix.verdict.text)", "\(indent)  \(safe(fix.cost.line))",
        ]
        guard full else { return out.map { $0 } + ["\(indent)  (shown above)"] }
        out.append("\(indent)  \(safe(fix.detail))")
        if let setting = fix.decoderSetting {
            let flags = StrategyOptions.flags(for: setting).map { "  (check: \($0.map(ShellWord.quoted).joined(separator: " ")))" } ?? ""
            let code = setting.swift.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            out.append("\(indent)  decoder:\(code.count == 1 ? " " + safe(code[0]) + flags : flags)")
            if code.count > 1 { out += code.map { "\(indent)    \(safe($0))" } }
        }
        if let call = fix.decodeCall {
            let code = call.swift.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
            let path = call.path.map { "  (check: --path \(ShellWord.quoted($0)))" } ?? ""
            out.append("\(indent)  decode:\(code.count == 1 ? " " + safe(code[0]) + path : path)")
            if code.count > 1 { out += code.map { "\(indent)    \(safe($0))" } }
        }
        for change in fix.changes {
            out += change.diff.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "\(indent)  \(safe(String($0)))" }
        }
        return out
    }

    /// Text from the model or the payload, safe on a terminal; tabs (indentation) are kept.
    static func safe(_ text: String) -> String {
        text.split(separator: "\t", omittingEmptySubsequences: false).map { TerminalSafeText.escape(String($0)) }.joined(separator: "\t")
    }
}
