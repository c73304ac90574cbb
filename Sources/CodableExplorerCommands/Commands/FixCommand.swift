import ArgumentParser
import CommandRuns
import DecodingEngine
import Foundation
import JSONTree
import Teaching

/// `fix`: the verified fixes for a payload and a model, numbered; `--apply N` writes the Nth
/// to the model file, atomically, keeping a backup.
struct FixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "List the verified fixes for what JSONDecoder rejects, or write one to the model.",
        discussion: """
            Takes the same arguments as check. Without --apply, lists every fix with its verdict and diff \
            (--format json: an array of the fixes) \
            (exit 0 when the payload already decodes, 1 when there are errors). With --apply N, writes fix N \
            to the model file atomically, keeping the old file as FILE.orig (or .orig.1, …), and prints what \
            it wrote (exit 0); a fix that is a decoder setting or another decode call changes no file and \
            says what to set instead. With --apply 2,4,6, the fixes are merged into one change and the payload \
            decoded again with all of them applied; it is written only if together they leave no more errors \
            than the best of them alone (fixes that change the same lines, or set the same strategy, clash: exit 2). Exit 2: the command could not run, or the file could not be written.

            Example:
              codable-explorer fix payload.json --model Models.swift --type Team --apply 1
            """
    )

    @OptionGroup var check: Check

    @Option(
        name: .customLong("apply"),
        help: "Write fix N (as numbered in the listing) to the model file; N,M,… writes several, decoded again together first.")
    var apply: FixNumbers?

    func run() throws {
        var job: CheckJob
        do {
            job = try CheckJob.prepare(check, teaching: .fixes)
        } catch {
            PayloadInput.complain(error)
            throw ExitCode(2)
        }
        let answer = try job.run()
        let report = answer.report
        guard let teaching = answer.teaching ?? (report.ok ? TeachingReport(lessons: [], fixes: []) : nil) else {
            PayloadInput.complain(answer.teachingNote ?? "the fixes could not be verified")
            throw ExitCode(2)
        }
        if let apply { return try write(apply.numbers, from: teaching, job: job) }
        if check.format == .json {
            print(FixJSON.fixes(teaching).text)
            if !report.ok { throw ExitCode(1) }
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
        throw ExitCode(1)
    }

    func write(_ numbers: [Int], from teaching: TeachingReport, job: CheckJob) throws {
        for number in numbers where !teaching.fixes.indices.contains(number - 1) {
            PayloadInput.complain(.noSuchFix(number, verified: teaching.fixes.count))
            throw ExitCode(2)
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
                throw ExitCode(2)
            }
        }
        if !fix.changes.isEmpty {
            let written: [FixWriter.Written]
            do {
                written = try FixWriter.write(fix)
            } catch {
                PayloadInput.complain(error.description)
                throw ExitCode(2)
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
