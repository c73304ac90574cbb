import Capture
import DecodeWorker
import DecodingEngine
import Foundation
import JSONTree
import Teaching

/// What `check` over a capture prints, entry by entry as the verdicts come: a line each (and a
/// failing entry's errors, or the errors a decoding entry's code caught, as `check` prints them for
/// its body), then a summary; or, with
/// `--format json`, one object written as it grows (`{"capture", "entries": [...], "summary"}`).
public struct CapturePrinter {
    public var name: String
    public var capture: Capture
    /// Read, never changed: ``routesName`` is made from it once.
    public let routes: RouteTable
    public var format: CheckRun.Format
    public var withFixes: Bool
    private(set) var summary = CaptureSummary()
    /// The routes file's name as each entry's line names it, escaped once for all of them.
    private let routesName: String

    public init(name: String, capture: Capture, routes: RouteTable, format: CheckRun.Format, withFixes: Bool) {
        self.name = name
        self.capture = capture
        self.routes = routes
        self.format = format
        self.withFixes = withFixes
        routesName = TerminalSafeText.escape(routes.file ?? "")
    }

    /// The JSON object's opening, written with the first entry: a check that stops before any
    /// entry (a rule's type the model lacks) prints nothing on standard output.
    private func begin() {
        let creator = capture.creator.map(Quoted.json) ?? "null"
        write("{\"capture\":\(Quoted.json(name)),\"format\":\(Quoted.json(capture.format.rawValue)),\"creator\":\(creator),\"entries\":[")
    }

    public mutating func print(_ outcome: CaptureOutcome, body: [UInt8]) {
        let first = summary.entries == 0
        summary.add(outcome)
        switch format {
        case .json:
            if first { begin() } else { write(",") }
            writeJSON(outcome)
        case .text:
            Swift.print(TerminalSafeText.escapeLines(text(outcome, body: body)))
        }
    }

    public func end() {
        switch format {
        case .json:
            if summary.entries == 0 { begin() }
            write("],\"summary\":\(summaryJSON)}\n")
        case .text:
            let s = summary
            Swift.print(
                "\(TerminalSafeText.escape(name)): \(s.entries) entr\(s.entries == 1 ? "y" : "ies"): \(s.decodes) decode, \(s.fails) fail, \(s.unmapped) unmapped, \(s.skipped) skipped; \(s.errorResponses) error response\(s.errorResponses == 1 ? "" : "s")"
            )
        }
    }

    // MARK: Text

    /// `chrome.har#1`: the entry as its errors name it; a folder's entry is its file (`Responses/User/7.json`).
    public func entryName(_ entry: CaptureEntry) -> String {
        if capture.format == .folder, let url = entry.url { return (name.hasSuffix("/") ? name : name + "/") + url }
        return "\(name)#\(entry.index)"
    }

    /// `chrome.har#1 GET https://api.example.com/v1/users/8 200` (JSON Lines: `users.jsonl#1 line 2`;
    /// a folder's: its file).
    public func heading(_ entry: CaptureEntry) -> String {
        var heading = TerminalSafeText.escape(entryName(entry))
        if capture.format == .folder { return heading }
        // Appended word by word (an array of words joined was a fifth of a capture's printing).
        if let method = entry.method { heading += " " + TerminalSafeText.escape(method) }
        if let url = entry.url { heading += " " + TerminalSafeText.escape(url) }
        if let status = entry.status { heading += " " + String(status) }
        if entry.method == nil, entry.url == nil { heading += " line \(entry.line)" }
        return heading
    }

    public func text(_ outcome: CaptureOutcome, body: [UInt8]) -> String {
        let head = heading(outcome.entry)
        let type = outcome.typeExpression.map { TerminalSafeText.escape($0) } ?? ""
        let route = outcome.rule.map { rule in " (\(routesName):\(rule.line))" } ?? ""
        switch outcome.verdict {
        case .skipped: return "\(head): skipped: \(outcome.reason ?? "")"
        case .unmapped: return "\(head): unmapped: \(TerminalSafeText.escape(outcome.reason ?? ""))"
        case .decodes:
            let kind = outcome.errorResponse ? "error response, " : ""
            let line = "\(head): decodes: \(kind)\(type)\(route)"
            // What the model's code caught on the way, as `check` of the body alone says it.
            guard let run = outcome.run, let report = run.report, let facts = run.facts, !report.caught.isEmpty else { return line }
            let count = report.caught.count
            return line + ", \(count) error\(count == 1 ? "" : "s") caught\n"
                + checkText(report, run: run, facts: facts, outcome: outcome, body: body)
        case .fails:
            let count = outcome.errorCount
            var lines = ["\(head): fails: \(type)\(route), \(count) error\(count == 1 ? "" : "s")"]
            guard let run = outcome.run, let report = run.report, let facts = run.facts else {
                lines[0] = "\(head): fails: \(type)\(route): \(TerminalSafeText.escape(outcome.reason ?? ""))"
                return lines.joined(separator: "\n")
            }
            lines.append(checkText(report, run: run, facts: facts, outcome: outcome, body: body))
            return lines.joined(separator: "\n")
        }
    }

    /// The errors as `check` prints them for this body alone, named as the entry (explanations; the
    /// fixes are `check`'s on the body alone).
    private func checkText(
        _ report: DecodeReport, run: DecodeClient.Run, facts: PreparedFacts, outcome: CaptureOutcome, body: [UInt8]
    )
        -> String
    {
        let result = Self.checkResult(report, run: run, facts: facts, typeExpression: outcome.typeExpression ?? "", withFixes: false)
        return TerminalSafeText.escapeLines(CheckText(result: result, payloadName: entryName(outcome.entry), payload: body).lines)
    }

    // MARK: JSON

    private func writeJSON(_ outcome: CaptureOutcome) {
        let entry = outcome.entry
        let members: [(String, String)] = [
            ("index", String(entry.index)),
            ("line", String(entry.line)),
            ("method", entry.method.map(Quoted.json) ?? "null"),
            ("url", entry.url.map(Quoted.json) ?? "null"),
            ("status", entry.status.map(String.init) ?? "null"),
            ("route", outcome.rule.map { Quoted.json($0.name) } ?? "null"),
            ("routeLine", outcome.rule.map { String($0.line) } ?? "null"),
            ("type", outcome.typeExpression.map(Quoted.json) ?? "null"),
            ("verdict", Quoted.json(outcome.verdict.rawValue)),
            ("reason", outcome.reason.map(Quoted.json) ?? "null"),
            ("errorResponse", outcome.errorResponse ? "true" : "false"),
        ]
        write("{" + members.map { "\(Quoted.json($0.0)):\($0.1)" }.joined(separator: ",") + ",\"check\":")
        if let run = outcome.run, let report = run.report, let facts = run.facts {
            let result = Self.checkResult(
                report, run: run, facts: facts, typeExpression: outcome.typeExpression ?? "", withFixes: withFixes)
            CheckJSON.object(result).write { writeBytes($0) }
        } else {
            write("null")
        }
        write("}")
    }

    /// What `check` says of this body alone (as `check` makes it from its worker's replies).
    public static func checkResult(
        _ report: DecodeReport, run: DecodeClient.Run, facts: PreparedFacts, typeExpression: String, withFixes: Bool
    ) -> CheckResult {
        var result = CheckResult(report: report, typeExpression: typeExpression, typeSpelling: facts.typeSpelling, path: facts.pathText)
        result.mode = facts.mode
        result.modeReason = facts.modeReason
        result.valueJSON = run.valueJSON
        result.teaching = run.teaching
        result.showsFixes = withFixes
        result.leftOut = facts.leftOut
        return result
    }

    private var summaryJSON: String {
        let s = summary
        return
            "{\"entries\":\(s.entries),\"decodes\":\(s.decodes),\"fails\":\(s.fails),\"unmapped\":\(s.unmapped),\"skipped\":\(s.skipped),\"errorResponses\":\(s.errorResponses),\"unmappedErrorResponses\":\(s.unmappedErrorResponses)}"
    }

    private func write(_ text: String) { writeBytes(Array(text.utf8)) }

    private func writeBytes(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }
}
