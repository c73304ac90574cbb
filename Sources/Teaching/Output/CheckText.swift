import DecodingEngine
import JSONTree

/// `check --format text`, from a ``CheckResult``: each error like a compiler diagnostic, with the
/// payload line, a caret, and notes for the real cause and the model property it concerns; then
/// the error in plain words and its verified fixes (each fix's diff shown once, where first
/// offered). The lines are raw; the command makes them safe where it prints them
/// (``TerminalSafeText/escapeLines(_:)``).
public struct CheckText<Payload: RandomAccessCollection<UInt8>> where Payload.Index == Int {
    public var result: CheckResult
    /// The payload's name as the user gave it.
    public var payloadName: String
    /// The payload, for the excerpts under each error: only the bytes around each are read (a
    /// file's are mapped, not read again whole).
    public var payload: Payload
    /// The `fix` command line for this request, shown under the fixes.
    public var fixCommand: String?

    public init(result: CheckResult, payloadName: String, payload: Payload, fixCommand: String? = nil) {
        self.result = result
        self.payloadName = payloadName
        self.payload = payload
        self.fixCommand = fixCommand
    }

    /// What the model's code caught comes before the verdict of a decode that succeeded (as its
    /// warnings do), after the errors of one that failed.
    public var lines: [String] {
        let lenient = caughtLines + unreadKeyLines
        return result.report.ok ? lenient + verdictLines : verdictLines + lenient
    }

    private var verdictLines: [String] {
        let report = result.report
        let warned = (result.teaching?.warnings ?? []).flatMap {
            PayloadDiagnostic(severity: .warning, message: "decodes, but: " + $0.text, location: $0.location)
                .lines(file: payloadName, payload: payload)
        }
        if report.ok {
            let compiled = result.mode == .compiled ? " (compiled mode)" : ""
            return warned + ["\(payloadName): ok: \(result.typeSpelling) decoded at \(result.path)\(compiled)"] + leftOutLines
                + unseenCatchLines + modelOutputLines
        }
        var out = warned
        var shown = Set<Int>()
        // The same mistake in many records is shown once, in full, with a count of the others.
        let groups = (result.teaching?.groups ?? []).filter { $0.errors.count > 1 }
        let headed = Dictionary(groups.map { ($0.errors[0], $0) }, uniquingKeysWith: { a, _ in a })
        let folded = Set(groups.flatMap { $0.errors.dropFirst() })
        for (index, error) in report.errors.enumerated() where !folded.contains(index) {
            if let group = headed[index] { out.append(heading(of: group)) }
            let thrown = error.errorType.map { " (\($0))" } ?? ""
            let location = error.location ?? report.parseError?.location ?? SourceLocation(line: 1, column: 1, offset: 0)
            out += PayloadDiagnostic(severity: .error, message: "\(error.heading)\(thrown): \(error.debugDescription)", location: location)
                .lines(file: payloadName, payload: payload)
            if let parseError = report.parseError, error.codingPath.isEmpty {
                out += PayloadDiagnostic(severity: .note, message: "why: " + parseError.message, location: parseError.location)
                    .lines(file: payloadName, payload: payload)
            }
            if let cause = error.realCause {
                out += PayloadDiagnostic(severity: .note, message: cause.explanation, location: cause.location)
                    .lines(file: payloadName, payload: payload)
            }
            if let property = error.property {
                out.append("\(property.location.description): note: the model property: \(property.declarationText)")
            }
            out += (result.explanation(of: index)?.lines ?? []).map { "  " + $0 }
            if let teaching = result.shownFixes {
                let fixes = teaching.lessons[index].fixes
                if fixes.isEmpty, report.parseError == nil { out.append("  no fix was verified for this error") }
                for number in fixes {
                    out += FixText.lines(teaching.fixes[number], number: number + 1, indent: "  ", full: shown.insert(number).inserted)
                }
            }
        }
        if result.mode == .compiled {
            let reason = result.modeReason.map { ": \($0)" } ?? ""
            out.append("note: decided by the model's own code compiled with swiftc (compiled mode\(reason))")
        }
        if let note = result.teachingNote { out.append("note: \(note)") }
        if let search = report.allErrorsSearch {
            // Compiled --all-errors: how the errors after the first were found, and what each copy set aside.
            out.append("note: the errors after the first were \(search)")
            out += search.setAside.map { "  set aside at \(payloadName):\($0)" }
        }
        out += leftOutLines + unseenCatchLines
        out += modelOutputLines
        if let teaching = result.shownFixes, !teaching.fixes.isEmpty, let fixCommand {
            out.append("to write fix N to the model (atomically, keeping a backup): \(fixCommand) --apply N")
        }
        let count = report.errors.count
        out.append("\(payloadName): \(count) error\(count == 1 ? "" : "s") decoding \(result.typeSpelling) at \(result.path)")
        return out
    }

    /// `✖ 12 × title (at lines 3, 9, …); the first:` over a group's first error.
    private func heading(of group: ErrorGroup) -> String {
        let locations = group.errors.prefix(8).compactMap { result.report.errors[$0].location }
        let more = group.errors.count > 8 ? ", …" : ""
        // Lines alone say where, unless several errors share a line (a minified payload): then line:column.
        let sharesLines = Set(locations.map(\.line)).count < locations.count
        let places = locations.map { sharesLines ? "\($0.line):\($0.column)" : String($0.line) }
        return
            "✖ \(group.errors.count) × \(group.title) (at \(sharesLines ? "" : "lines ")\(places.joined(separator: ", "))\(more)); the first:"
    }

    /// The one line that says which files of the model folder were left out (SwiftUI views on Linux).
    var leftOutLines: [String] { result.leftOut.map { ["note: " + $0.description] } ?? [] }

    /// Schema mode, once: the model's code may catch errors schema mode cannot see.
    var unseenCatchLines: [String] { result.unseenCatchNote.map { ["note: " + $0] } ?? [] }

    /// What the model's own code printed while it decoded (compiled mode), under the verdict.
    var modelOutputLines: [String] {
        guard let output = result.report.modelOutput else { return [] }
        var lines: [String] = []
        for (name, stream) in [("standard output", output.standardOutput), ("standard error", output.standardError)] where !stream.isEmpty {
            let kept = stream.omitted > 0 ? ", the first and last \(CapturedOutput.keptAtEachEnd / 1024) KB kept" : ""
            lines.append("note: the model's code printed on \(name) (\(stream.total) bytes\(kept)):")
            var text = stream.text
            if text.hasSuffix("\n") { text.removeLast() }
            lines += text.split(separator: "\n", omittingEmptySubsequences: false).map { "  | " + $0 }
        }
        return lines
    }
}
