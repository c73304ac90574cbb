import ArgumentParser
import CodableExplorerRunner
import Foundation
import Teaching

/// The child side of ``DecodeClient``: reads one ``DecodeJob`` on standard input, decodes,
/// and writes the verdict, then the teaching, on standard output (``DecodeServer``). Not for
/// people: `check`, `fix` and the explorer run it.
struct DecodeWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "decode-worker", shouldDisplay: false)

    func run() throws {
        // The worker leads its own group (DecodeClient starts it so): if its parent dies, even by
        // SIGKILL, it ends the group, and with it the runner and swiftc it started.
        ParentWatch.start()
        let status = DecodeServer.serve { path in try PayloadInput.read(path) }
        if status != 0 { throw ExitCode(status) }
    }
}
