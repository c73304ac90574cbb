import Foundation

/// A value made on a thread of its own while the caller does something else (a capture read while
/// the worker is sent the models); ``wait()`` hands it over, or what stopped it.
final class Background<Value: Sendable>: @unchecked Sendable {
    private var result: Result<Value, CommandFailure>?
    private let done = DispatchSemaphore(value: 0)

    /// Starts `make` now, on a thread with a stack as large as the main thread's.
    init(_ make: @escaping @Sendable () throws(CommandFailure) -> Value) {
        let thread = Thread { [self] in
            result = Result { () throws(CommandFailure) in try make() }
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// The value, once made.
    func wait() throws(CommandFailure) -> Value {
        done.wait()
        defer { done.signal() }
        // Set before the signal that let this wait end.
        return try result!.get()
    }
}
