import ArgumentParser
import DecodingEngine
import Foundation
import JSONTree

/// `check`'s account of the errors the model's own code caught (compiled mode): the text lines,
/// the JSON `caught` member (docs/check-output.md), and whether `--strict` fails on them. Kept
/// apart from the rest of check's rendering, which only calls these.
enum CheckCaught {
    /// What `--strict` fails on.
    enum Rule: String, ExpressibleByArgument, CaseIterable {
        /// Any error the model's code caught.
        case caught
        /// Any key the payload sends that the model never reads.
        case keys
    }

    /// `decodes, but: N errors were caught by your code` (after a failed decode's errors: `N errors
    /// were also caught by your code:`), then each like a compiler diagnostic on the payload, with a
    /// note on the model line that caught it and what became of the value.
    static func textLines(_ report: DecodeReport, file: String, bytes: [UInt8]) -> [String] {
        guard !report.caught.isEmpty else { return [] }
        let count = report.caught.count
        let were = count == 1 ? "1 error was" : "\(count) errors were"
        var lines = [report.ok ? "decodes, but: \(were) caught by your code" : "\(were) also caught by your code:"]
        for caught in report.caught {
            let error = caught.error
            let message = "caught: \(error.heading): \(TerminalSafeText.escape(error.debugDescription))"
            let location = error.location ?? SourceLocation(line: 1, column: 1, offset: 0)
            lines.append(PayloadDiagnostic(severity: .warning, message: message, location: location).rendered(file: file, payload: bytes))
            let place = caught.caughtAt.map { "\($0): " } ?? ""
            lines.append(
                TerminalSafeText.escape(
                    "\(place)note: caught by \(caught.catcherText), in \(caught.call): \(caught.outcomeText)"))
        }
        return lines
    }

    /// The top-level members: `caught`, each error as the contract's error object plus `caughtAt` and
    /// `outcome` (absent when nothing was caught); `unreadKeys` when they were asked for.
    static func jsonMembers(_ output: CheckOutput, unreadKeys: Bool) -> [(String, String)] {
        let report = output.report
        var members: [(String, String)] = []
        if !report.caught.isEmpty {
            let caught = report.caught.map { caught in
                output.errorJSON(caught.error, added: [("caughtAt", caughtAtJSON(caught)), ("outcome", outcomeJSON(caught))])
            }
            members.append(("caught", JSONText.array(caught)))
        }
        if unreadKeys {
            let keys = report.unreadKeys.map { unread in
                var members: [(String, String)] = [("key", Quoted.json(unread.key))]
                if let type = unread.type { members.append(("type", Quoted.json(type))) }
                members += [
                    ("count", String(unread.count)), ("line", String(unread.location.line)), ("column", String(unread.location.column)),
                ]
                if let near = unread.near { members.append(("near", Quoted.json(near))) }
                return JSONText.object(members)
            }
            members.append(("unreadKeys", JSONText.array(keys)))
        }
        return members
    }

    /// `note: keys the payload sends that the model never reads:`, then one line a type and key, at
    /// its first place, with the count and a near spelling the type asks for.
    static func unreadKeyLines(_ report: DecodeReport, file: String) -> [String] {
        guard !report.unreadKeys.isEmpty else { return [] }
        var lines = ["note: keys the payload sends that the model never reads:"]
        for unread in report.unreadKeys {
            let objects = unread.count == 1 ? "1 object" : "\(unread.count) objects"
            let near = unread.near.map { "; did you mean \"\($0)\"?" } ?? ""
            lines.append(
                TerminalSafeText.escape(
                    "\(file):\(unread.location.line):\(unread.location.column): note: \"\(unread.key)\" of \(unread.type ?? "an object") is never read (\(objects)\(near))"
                ))
        }
        return lines
    }

    static func caughtAtJSON(_ caught: CaughtError) -> String {
        var members: [(String, String)] = [("call", Quoted.json(caught.call))]
        if let catcher = caught.catcher { members.append(("type", Quoted.json(catcher))) }
        if let wrapper = caught.wrapper { members.append(("wrapper", Quoted.json(wrapper))) }
        if let at = caught.caughtAt {
            members += [("file", Quoted.json(at.file)), ("line", String(at.line)), ("column", String(at.column))]
        }
        return JSONText.object(members)
    }

    static func outcomeJSON(_ caught: CaughtError) -> String {
        var members: [(String, String)] = [("kind", Quoted.json(caught.outcome.rawValue))]
        if let text = caught.defaultText { members.append(("default", Quoted.json(text))) }
        members.append(("text", Quoted.json(caught.outcomeText)))
        return JSONText.object(members)
    }

    /// Why `--strict` fails a decode that succeeded, as a line for standard error; nil when it does not.
    static func strictFailure(_ report: DecodeReport, rules: [Rule]) -> String? {
        let unreadKeys = report.unreadKeys.count
        var reasons: [String] = []
        // A probe whose value the code then read another way lost nothing: only losses fail.
        let lost = report.caught.count { $0.losesData }
        if rules.contains(.caught), lost > 0 {
            reasons.append("\(lost) error\(lost == 1 ? " was" : "s were") caught by your code, the value lost")
        }
        if rules.contains(.keys), unreadKeys > 0 {
            reasons.append("\(unreadKeys) key\(unreadKeys == 1 ? " is" : "s are") sent but never read")
        }
        return reasons.isEmpty ? nil : "--strict: " + reasons.joined(separator: "; ")
    }

    /// The command line with `--strict` spelled as the parser reads it: a bare `--strict` is
    /// `--strict=caught`, and `--strict keys` (or `caught`) is `--strict=keys`.
    static func spelled(_ arguments: [String]) -> [String] {
        guard arguments.first == "check" else { return arguments }
        var out: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            guard word == "--strict" else {
                out.append(word)
                continue
            }
            if index < arguments.endIndex, let rule = Rule(rawValue: arguments[index]) {
                out.append("--strict=\(rule.rawValue)")
                index += 1
            } else {
                out.append("--strict=caught")
            }
        }
        return out
    }
}
