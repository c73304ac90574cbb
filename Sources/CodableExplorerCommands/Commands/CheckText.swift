import DecodingEngine
import Foundation
import JSONTree
import Teaching

/// `check --format text`: each error like a compiler diagnostic, with the payload line, a
/// caret, and notes for the real cause and the model property it concerns; then the error in
/// plain words and its verified fixes (each fix's diff shown once, where first offered).
struct CheckText {
    var report: DecodeReport
    var job: CheckJob
    /// The payload, for the excerpts under each error.
    var bytes: [UInt8] = []
    /// Parallel to the report's errors.
    var explanations: [Explanation] = []
    var teaching: TeachingReport?
    /// The errors grouped by identity when no fixes were asked for (the teaching then has none).
    var groupsWithoutFixes: [ErrorGroup] = []
    /// Why no fixes are shown, when they were asked for and could not be verified.
    var teachingNote: String?
    /// The `fix` command line for this request, shown when fixes are.
    var fixCommand: String?
    /// Values that decoded but are almost surely not what the app meant (they do not change the verdict).
    var warnings: [DecodeWarning] = []

    init(report: DecodeReport, job: CheckJob) {
        self.report = report
        self.job = job
    }

    var rendered: String {
        let file = TerminalSafeText.escape(job.payloadName)
        let warned = warnings.map {
            PayloadDiagnostic(severity: .warning, message: "decodes, but: " + TerminalSafeText.escape($0.text), location: $0.location)
                .rendered(file: job.payloadName, payload: bytes)
        }
        if report.ok {
            let compiled = job.mode == .compiled ? " (compiled mode)" : ""
            return
                (warned + ["\(file): ok: \(TerminalSafeText.escape(job.typeSpelling)) decoded at \(job.pathText)\(compiled)"]
                + leftOutLines + modelOutputLines)
                .joined(separator: "\n")
        }
        var out: [String] = warned
        var shown = Set<Int>()
        // The same mistake in many records is shown once, in full, with a count of the others.
        let groups = (teaching?.groups ?? groupsWithoutFixes).filter { $0.errors.count > 1 }
        let headed = Dictionary(groups.map { ($0.errors[0], $0) }, uniquingKeysWith: { a, _ in a })
        let folded = Set(groups.flatMap { $0.errors.dropFirst() })
        for (index, error) in report.errors.enumerated() {
            if folded.contains(index) { continue }
            if let group = headed[index] {
                let locations = group.errors.prefix(8).compactMap { report.errors[$0].location }
                let more = group.errors.count > 8 ? ", …" : ""
                // Lines alone say where, unless several errors share a line (a minified payload): then line:column.
                let sharesLines = Set(locations.map(\.line)).count < locations.count
                let places = locations.map { sharesLines ? "\($0.line):\($0.column)" : String($0.line) }
                out.append(
                    "✖ \(group.errors.count) × \(TerminalSafeText.escape(group.title)) (at \(sharesLines ? "" : "lines ")\(places.joined(separator: ", "))\(more)); the first:"
                )
            }
            let thrown = error.errorType.map { " (\(TerminalSafeText.escape($0)))" } ?? ""
            let message = "\(error.heading)\(thrown): \(TerminalSafeText.escape(error.debugDescription))"
            let location = error.location ?? report.parseError?.location ?? SourceLocation(line: 1, column: 1, offset: 0)
            out.append(
                PayloadDiagnostic(severity: .error, message: message, location: location).rendered(file: job.payloadName, payload: bytes))
            if let parseError = report.parseError, error.codingPath.isEmpty {
                out.append(
                    parseError.diagnostic.rendered(file: job.payloadName, payload: bytes).replacingFirst("error:", with: "note: why:"))
            }
            if let cause = error.realCause {
                out.append(
                    PayloadDiagnostic(severity: .note, message: TerminalSafeText.escape(cause.explanation), location: cause.location)
                        .rendered(file: job.payloadName, payload: bytes))
            }
            if let property = error.property {
                out.append(
                    "\(TerminalSafeText.escape(property.location.description)): note: the model property: \(TerminalSafeText.escape(property.declarationText))"
                )
            }
            if explanations.indices.contains(index) {
                // One line each: a line feed in a name (a model file's) is shown escaped, never as a break.
                out += explanations[index].lines.map { "  " + TerminalSafeText.escape($0) }
            }
            if let teaching {
                let fixes = teaching.lessons[index].fixes
                if fixes.isEmpty, report.parseError == nil { out.append("  no fix was verified for this error") }
                for number in fixes {
                    out += FixText.lines(teaching.fixes[number], number: number + 1, indent: "  ", full: shown.insert(number).inserted)
                }
            }
        }
        if job.mode == .compiled {
            let reason = job.modeReason.map { ": \(TerminalSafeText.escape($0))" } ?? ""
            out.append("note: decided by the model's own code compiled with swiftc (compiled mode\(reason))")
        }
        if let teachingNote { out.append("note: \(TerminalSafeText.escape(teachingNote))") }
        out += leftOutLines
        out += modelOutputLines
        if let teaching, !teaching.fixes.isEmpty, let fixCommand {
            out.append("to write fix N to the model (atomically, keeping a backup): \(fixCommand) --apply N")
        }
        out.append(
            "\(file): \(report.errors.count) error\(report.errors.count == 1 ? "" : "s") decoding \(TerminalSafeText.escape(job.typeSpelling)) at \(job.pathText)"
        )
        return out.joined(separator: "\n")
    }
}

extension CheckText {
    /// The one line that says which files of the model folder were left out (SwiftUI views on Linux).
    var leftOutLines: [String] {
        job.leftOut.map { ["note: " + TerminalSafeText.escape($0.description)] } ?? []
    }

    /// What the model's own code printed while it decoded (compiled mode), under the verdict: each
    /// line escaped, so a payload string it prints cannot reach the terminal as a control sequence.
    var modelOutputLines: [String] {
        guard let output = report.modelOutput else { return [] }
        var lines: [String] = []
        for (name, stream) in [("standard output", output.standardOutput), ("standard error", output.standardError)] where !stream.isEmpty {
            let kept = stream.omitted > 0 ? ", the first and last \(CapturedOutput.keptAtEachEnd / 1024) KB kept" : ""
            lines.append("note: the model's code printed on \(name) (\(stream.total) bytes\(kept)):")
            var text = stream.text
            if text.hasSuffix("\n") { text.removeLast() }
            lines += text.split(separator: "\n", omittingEmptySubsequences: false).map { "  | " + TerminalSafeText.escape(String($0)) }
        }
        return lines
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = range(of: target) else { return self }
        return replacingCharacters(in: range, with: replacement)
    }
}
