import ArgumentParser
import CodableExplorerRunner
import CommandRuns
import DecodeWorker
import DecodingEngine
import Foundation
import Teaching

/// The child side of ``DecodeClient``: reads one ``DecodeJob`` on standard input, decodes,
/// and writes the verdict, then the teaching, on standard output (``DecodeServer``). Not for
/// people: `check`, `fix` and the explorer run it.
struct DecodeWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "decode-worker", shouldDisplay: false)

    func run() throws {
        let status = Self.serve()
        if status != 0 { throw ExitCode(status) }
    }

    /// Serves the job on standard input; the exit status. `main` calls it without parsing the
    /// command line when it is a worker's (``WorkerArguments``), with its runner hint.
    static func serve(runnerHint: RunnerHint? = nil) -> Int32 {
        // The worker leads its own group (DecodeClient starts it so): if its parent dies, even by
        // SIGKILL, it ends the group, and with it the runner and swiftc it started.
        ParentWatch.start()
        // What a runner's code starts and leaves behind (a daemon, a setsid child) comes back to the
        // worker when its parent dies, and is ended after the run (Linux; see `Children`).
        SupervisedProcess.adoptOrphans()
        return DecodeServer.serve(runnerHint: runnerHint) { path in try PayloadInput.read(path) }
    }
}
