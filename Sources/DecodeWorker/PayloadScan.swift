import Foundation
import JSONTree

/// The payload read and scanned on a thread of its own, while the worker reads the model on its
/// first: the two do not depend on each other, and on a machine with a second core the smaller
/// one no longer adds to the time before the decode (on 2 MB each is some 5 ms).
///
/// What the worker did in order before is still said in that order: ``PreparedDecode`` waits
/// for the scan only once the model is read and the way to decode is chosen, so a model that
/// fails is reported as before, and a payload that cannot be read after it.
final class PayloadScan: @unchecked Sendable {
    /// The payload's bytes, and its tree when it is JSON (an invalid payload is a verdict, which
    /// the decode reports).
    struct Scanned {
        var bytes: [UInt8]
        var tree: JSONTree?
    }

    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<Scanned, WorkerFailure> = .failure(.payload("the payload was not read"))

    /// Starts reading `path` with `read` (the command line's reader, with its limits and messages)
    /// and scanning it as `options` say; on this thread, at once, unless `besideTheModel` (a
    /// session's jobs after its first find their model read: a thread of their own bought nothing
    /// and cost each entry checked alone a thread's start).
    init(
        path: String, options: JSONTree.Options, besideTheModel: Bool = true, read: @escaping @Sendable (String) throws -> [UInt8]
    ) {
        let scan: @Sendable () -> Void = { [self] in
            do {
                let bytes = try read(path)
                outcome = .success(Scanned(bytes: bytes, tree: try? JSONTree.parse(bytes, options: options)))
            } catch {
                outcome = .failure(.payload(String(describing: error)))
            }
            done.signal()
        }
        guard besideTheModel else {
            scan()
            return
        }
        let thread = Thread(block: scan)
        // As large as the main thread's: the scanner does not recurse, but what it calls may change.
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The payload as read and scanned, once the thread is done.
    func wait() throws(WorkerFailure) -> Scanned {
        done.wait()
        done.signal()  // a second wait returns at once
        return try outcome.get()
    }
}
