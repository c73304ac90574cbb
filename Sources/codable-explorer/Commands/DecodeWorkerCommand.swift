import ArgumentParser
import Foundation
import Teaching

/// The child side of ``DecodeClient``: reads one ``DecodeJob`` on standard input, decodes,
/// and writes the verdict, then the teaching, on standard output (``DecodeServer``). Not for
/// people: `check`, `fix` and the explorer run it.
struct DecodeWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "decode-worker", shouldDisplay: false)

    func run() throws {
        let status = DecodeServer.serve { path in try PayloadInput.read(path) }
        if status != 0 { throw ExitCode(status) }
    }
}
