import DecodeWorker
import DecodingEngine
import Foundation
import JSONTree
import Teaching

/// `fix`: the verified fixes for a payload and a model, numbered; with numbers to apply, the
/// fix (or several, merged and decoded again together) written to the model file, atomically,
/// keeping a backup.
public struct FixRun {
    public var request: CheckRequest
    public var format: CheckRun.Format
    /// `--apply`'s numbers (1-based, as the listing numbers them); nil lists the fixes.
    public var apply: [Int]?

    public init(request: CheckRequest, format: CheckRun.Format, apply: [Int]?) {
        self.request = request
        self.format = format
        self.apply = apply
    }

    public func run() throws(ExitStatus) {
        var job = try CommandFailure.orExit { () throws(CommandFailure) in try CheckJob.prepare(request, teaching: .fixes) }
        let answer = try job.run()
        let report = answer.report
        guard let teaching = answer.teaching ?? (report.ok ? TeachingReport(lessons: [], fixes: []) : nil) else {
            PayloadInput.complain(answer.teachingNote ?? "the fixes could not be verified")
            throw .cannotRun
        }
        if let apply { return try write(apply, from: teaching, job: job) }
        if format == .json {
            print(FixJSON.fixes(teaching).text)
            if !report.ok { throw .failure }
            return
        }
        let name = job.payloadName
        if report.ok {
            print(TerminalSafeText.escapeLines(["\(name): ok: \(job.typeSpelling) decodes at \(job.pathText); nothing to fix"]))
            return
        }
        var out: [String] = []
        for (index, fix) in teaching.fixes.enumerated() {
            let errors = teaching.lessons.indices.filter { teaching.lessons[$0].fixes.contains(index) }
            out += FixText.lines(fix, number: index + 1, indent: "").enumerated().map {
                $0 == 0 ? $1 + "  [\(ErrorNumbers.text(errors.map { $0 + 1 }))]" : $1
            }
            out.append("")
        }
        let count = report.errors.count
        out.append(
            "\(name): \(count) error\(count == 1 ? "" : "s"), \(teaching.fixes.count) verified fix\(teaching.fixes.count == 1 ? "" : "es")"
                + (teaching.fixes.isEmpty ? "" : "; write one with --apply N (several: --apply 1,3)")
        )
        print(TerminalSafeText.escapeLines(out))
        throw .failure
    }

    func write(_ numbers: [Int], from teaching: TeachingReport, job: CheckJob) throws(ExitStatus) {
        for number in numbers where !teaching.fixes.indices.contains(number - 1) {
            PayloadInput.complain(.noSuchFix(number, verified: teaching.fixes.count))
            throw .cannotRun
        }
        var fix = teaching.fixes[numbers[0] - 1]
        var out = FixText.lines(fix, number: numbers[0], indent: "")
        if numbers.count > 1 {
            out = numbers.flatMap { FixText.lines(teaching.fixes[$0 - 1], number: $0, indent: "", full: false).dropLast() }
            do {
                let (merged, errors) = try together(numbers, from: teaching, job: job)
                fix = merged
                out.append(
                    "together: ✓ verified (decoded again with all \(numbers.count) applied): "
                        + (errors == 0 ? "decodes" : "\(errors) error\(errors == 1 ? "" : "s") remain\(errors == 1 ? "s" : "")"))
                out += fix.changes.flatMap { FixText.diffLines($0.diff, indent: "  ") }
            } catch {
                PayloadInput.complain(error)
                throw .cannotRun
            }
        }
        if !fix.changes.isEmpty {
            let written: [FixWriter.Written]
            do {
                written = try FixWriter.write(fix)
            } catch {
                PayloadInput.complain(error.description)
                throw .cannotRun
            }
            out += written.map { "wrote \($0.path) (the previous version is kept as \($0.backup))" }
        } else {
            out.append(
                "no model file changes: this fix is \(fix.decoderSetting != nil ? "a decoder setting" : "another decode call"); nothing was written"
            )
        }
        if let setting = fix.decoderSetting, numbers.count > 1 {
            out += ["decoder:"] + setting.swift.split(separator: "\n").map { "  " + $0 }
        }
        if let flags = fix.decoderSetting?.checkFlags {
            out.append(
                "decode with \(flags.map(ShellWord.quoted).joined(separator: " ")) from now on (and set the same strategy in your app)")
        } else if fix.decoderSetting != nil {
            out.append("set this strategy in your app; check has no flag for it")
        }
        print(TerminalSafeText.escapeLines(out))
    }
}
