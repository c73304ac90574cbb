import ArgumentParser
import DecodingEngine
import Foundation

/// The child side of ``DecodeWorker``: prepares a check like `check` does, decodes in this
/// process, prints the report as JSON. Not for people: `check` runs it.
struct DecodeWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "decode-worker", shouldDisplay: false)

    @OptionGroup var check: Check

    func run() throws {
        let job: CheckJob
        do {
            job = try CheckJob.prepare(check)
        } catch {
            PayloadInput.complain(error.description)
            throw ExitCode(2)
        }
        FileHandle.standardOutput.write(try DecodeWorker.encode(job.run()))
    }
}
