import ArgumentParser
import DecodingEngine
import Foundation
import Teaching

/// The child side of ``TeachingWorker``: decodes like `decode-worker`, then explains each
/// error and verifies the fixes in this process (Foundation decodes again for every fix, so
/// a trap here cannot take `check` down), writes the teaching report to a file and prints the
/// decode report. Not for people: `check` and `fix` run it.
struct TeachWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "teach-worker", shouldDisplay: false)

    @OptionGroup var check: Check

    @Option(name: .customLong("teaching-output"), help: "Where to write the teaching report (JSON).")
    var output: String

    func run() throws {
        let job: CheckJob
        do {
            job = try CheckJob.prepare(check)
        } catch {
            PayloadInput.complain(error.description)
            throw ExitCode(2)
        }
        let report = job.run()
        let teaching: TeachingReport
        if let context = job.teachingContext(typeExpression: check.type), report.failure == nil {
            teaching = Teacher(context: context).teach(report, baseline: job.options.allErrors ? report : nil)
        } else {
            teaching = TeachingReport(lessons: job.explanations(for: report).map { .init(explanation: $0, fixes: []) }, fixes: [])
        }
        try TeachingWorker.write(teaching, to: output)
        FileHandle.standardOutput.write(try DecodeWorker.encode(report))
    }
}
