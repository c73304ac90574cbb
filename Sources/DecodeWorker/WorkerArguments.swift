import DecodingEngine

/// A worker child's command line: `decode-worker` (``DecodeClient/workerArguments``), and for the
/// worker a command starts early (``EarlyWorker``) the hint of that command's line,
/// `--runner-hint KEY` (``RunnerHint``). `main` reads it before any other parsing.
public struct WorkerArguments: Sendable, Hashable {
    public var hint: RunnerHint?

    public init(hint: RunnerHint? = nil) {
        self.hint = hint
    }

    /// The worker's command line read back; nil when `arguments` are not a worker's. A hint that
    /// is not a key is no hint: the worker serves as well without it.
    public init?(_ arguments: [String]) {
        guard Array(arguments.prefix(DecodeClient.workerArguments.count)) == DecodeClient.workerArguments else { return nil }
        let rest = arguments.dropFirst(DecodeClient.workerArguments.count)
        switch rest.count {
        case 0: hint = nil
        case 2 where rest.first == Self.hintOption: hint = RunnerHint(key: rest[rest.startIndex + 1])
        default: return nil
        }
    }

    public var arguments: [String] {
        DecodeClient.workerArguments + (hint.map { [Self.hintOption, $0.key] } ?? [])
    }

    private static let hintOption = "--runner-hint"
}
