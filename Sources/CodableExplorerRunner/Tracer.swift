import Foundation

/// The container calls of one traced decode, in order, and the last one made, which a watchdog
/// thread may read while the decode runs (``Runner``'s time limit says where the model's code was).
final class Tracer: @unchecked Sendable {
    /// The runner decodes one job at a time: the tracer of the job running.
    nonisolated(unsafe) static var current = Tracer()

    private(set) var calls: [RunnerCall] = []
    /// Whether every call is recorded (a trace), or only the errors thrown (``ledger``).
    let recordsCalls: Bool
    /// What became of every error a container call threw.
    private(set) var ledger = CaughtLedger()
    private var depth = 0
    /// The type of each initializer running and its decoder's coding path, outermost first.
    private var owners: [(type: Any.Type, path: [any CodingKey])] = []
    /// Guards ``whereItIs`` for a watchdog (only when ``isWatched``).
    private let lock = NSLock()
    private var last: RunnerCall?
    /// The `init` records of the initializers running, outermost first.
    private var running: [RunnerCall] = []
    /// A watchdog reads where the decode is: keep it under the lock.
    var isWatched = false

    init(recordsCalls: Bool = true) {
        self.recordsCalls = recordsCalls
    }

    /// Where the decode is, as the watchdog sees it: the `init` record of the initializer running
    /// and the last call it made (what ``RunnerReply/Stopped/calls`` carries).
    var whereItIs: [RunnerCall] {
        lock.withLock {
            guard let last else { return running.last.map { [$0] } ?? [] }
            // The initializer that made the last call is the one running one level above it.
            let owner = running.last { $0.d == (last.d ?? 1) - 1 }
            return (owner.map { [$0] } ?? []) + [last]
        }
    }

    /// Records a call (``recordsCalls``) and what became of an error it threw (``ledger``). The path
    /// and the type are only computed for a recorded call or a throw: a ledger-only decode that
    /// throws nothing pays for neither.
    func call<R>(
        _ name: String, _ path: @autoclosure () -> [any CodingKey], _ key: (any CodingKey)?, _ type: @autoclosure () -> String? = nil,
        _ body: () throws -> R
    ) rethrows -> R {
        ledger.wentOn()
        let index = calls.count
        if recordsCalls {
            record(
                RunnerCall(
                    c: name, p: path().map(RunnerJob.Step.init(codingKey:)), k: key.map(RunnerJob.Step.init(codingKey:)), d: depth,
                    t: type()))
        }
        do {
            let result = try body()
            ledger.wentOn()
            if ledger.awaiting != nil {
                ledger.returned(
                    RunnerCall(
                        c: name, p: path().map(RunnerJob.Step.init(codingKey:)), k: key.map(RunnerJob.Step.init(codingKey:)), d: depth))
            }
            return result
        } catch {
            if recordsCalls { calls[index].e = RunnerReply.Failure(error).kind }
            ledger.threw(
                error,
                by: RunnerCall(
                    c: name, p: path().map(RunnerJob.Step.init(codingKey:)), k: key.map(RunnerJob.Step.init(codingKey:)), d: depth,
                    t: type()),
                owner: owner(of: depth))
            throw error
        }
    }

    /// Records that `T`'s `init(from:)` starts at `path`; the calls it makes are one deeper.
    func enter<T>(_ type: T.Type, _ path: [any CodingKey]) {
        owners.append((type, path))
        if recordsCalls {
            let call = RunnerCall(c: "init", p: path.map(RunnerJob.Step.init(codingKey:)), d: depth, t: String(reflecting: type))
            calls.append(call)
            if isWatched { lock.withLock { running.append(call) } }
        }
        depth += 1
    }

    /// The `init` record of the initializer running at `depth - 1`, which makes the calls at `depth`.
    private func owner(of depth: Int) -> RunnerCall? {
        guard depth >= 1, depth - 1 < owners.count else { return nil }
        let (type, path) = owners[depth - 1]
        return RunnerCall(c: "init", p: path.map(RunnerJob.Step.init(codingKey:)), d: depth - 1, t: String(reflecting: type))
    }

    func leave() {
        depth -= 1
        owners.removeLast()
        if recordsCalls, isWatched { _ = lock.withLock { running.popLast() } }
    }

    private func record(_ call: RunnerCall) {
        calls.append(call)
        if isWatched { lock.withLock { last = call } }
    }

    /// Whether `T` is decoded through the tracing decoder, or forwarded as it is.
    static func traces<T>(_ type: T.Type) -> Bool { !(type is any Untraced.Type) }
}

/// A coding key made from a step of a key path.
struct StepKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) { self.stringValue = stringValue }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}
