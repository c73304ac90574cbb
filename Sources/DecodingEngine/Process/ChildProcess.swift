import CodableExplorerRunner
import Foundation

/// Runs a program to its end with bytes on standard input, and keeps what it printed (bounded):
/// a ``SupervisedProcess`` in this process's group.
enum ChildProcess {
    struct Result {
        var status: Int32
        /// The signal that ended it, when one did.
        var signal: Int32?
        var stdout: String
        var stderr: String
    }

    static func run(_ executable: URL, _ arguments: [String], input: Data = Data(), environment: [String: String] = [:]) throws -> Result {
        let process = try SupervisedProcess(executable.path, arguments, .init(writesInput: !input.isEmpty, environment: environment))
        let fd = process.takeInput()
        if fd >= 0 {
            // Written beside the reading, so neither side waits on a full pipe.
            DispatchQueue.global().async {
                PipeWriter.writeAll(input, to: fd)
                close(fd)
            }
        }
        let collected = process.collect(keeping: 1 << 20)
        var result = Result(
            status: 0, signal: nil, stdout: collected.output.standardOutput.text, stderr: collected.output.standardError.text)
        switch collected.termination {
        case .exited(let status): result.status = status
        case .signalled(let signal):
            result.status = signal
            result.signal = signal
        }
        return result
    }
}
