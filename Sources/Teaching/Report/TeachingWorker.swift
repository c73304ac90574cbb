import DecodingEngine
import Foundation

/// Finds explanations and fixes in a child process, as ``DecodeWorker`` decodes in one:
/// verifying a fix decodes the payload again with Foundation, whose JSON readers can trap on
/// hostile input, so it must not run in the explorer's (or `check`'s) own process.
///
/// The child is this program run as `teach-worker` with the same arguments as `check`, plus
/// `--teaching-output FILE`: it prints the decode report on standard output (so
/// `DecodeWorker` reads it as usual) and writes the ``TeachingReport`` to FILE.
public final class TeachingWorker: Sendable {
    public enum Outcome: Sendable {
        case finished(DecodeReport, TeachingReport)
        /// The child died of a signal: Foundation trapped while decoding or verifying.
        case crashed(signal: Int32, message: String)
        case failed(status: Int32, message: String)
        case cancelled
    }

    private let worker = DecodeWorker()

    public init() {}

    /// Runs the child: `arguments` is its command line after the executable (starting with
    /// `teach-worker`); the output file is added here and removed afterwards.
    public func run(executable: URL, arguments: [String]) -> Outcome {
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("codable-explorer-teaching-\(getpid())-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: output) }
        switch worker.run(executable: executable, arguments: arguments + ["--teaching-output", output.path]) {
        case .finished(let report):
            guard let data = FileManager.default.contents(atPath: output.path),
                  let teaching = try? JSONDecoder().decode(TeachingReport.self, from: data) else {
                return .failed(status: 0, message: "the teaching worker wrote no teaching report")
            }
            return .finished(report, teaching)
        case .crashed(let signal, let message): return .crashed(signal: signal, message: message)
        case .failed(let status, let message): return .failed(status: status, message: message)
        case .cancelled: return .cancelled
        }
    }

    /// Ends the child, if one is running; `run` then returns `.cancelled`.
    public func cancel() { worker.cancel() }

    /// The child's side: writes the teaching report where the parent reads it.
    public static func write(_ teaching: TeachingReport, to path: String) throws {
        try JSONEncoder().encode(teaching).write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
