import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Counts the errors thrown in this process, through the Swift runtime's own hooks
/// (`_swift_willThrow`, `_swift_willThrowTypedImpl`, called at every `throw`, in Foundation and in
/// the model's code alike). An untraced decode that threw nothing has nothing for the ledger of
/// caught errors (``CaughtLedger``): only one that threw is decoded again, traced, to say what was
/// caught and where. A clean decode pays nothing: the hook is only called at a throw.
enum ThrowWatch {
    /// `CODABLE_EXPLORER_LEDGER=off` in the runner's environment: no ledger at all (no hook, no
    /// second decode), for `ce-bench` to measure what the ledger costs against.
    static let switchVariable = "CODABLE_EXPLORER_LEDGER"

    /// Whether the ledger is on (``switchVariable`` is not `off`).
    static var isOn: Bool { getenv(switchVariable).map { String(cString: $0) } != "off" }

    /// Throws counted since ``start()``.
    nonisolated(unsafe) static var count = 0

    private typealias Hook = @convention(c) (UnsafeMutableRawPointer?) -> Void
    private typealias TypedHook = @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?) -> Void

    /// Installs the hooks; false when this runtime has none (then every decode is taken to have thrown).
    @discardableResult
    static func start() -> Bool {
        guard let process = dlopen(nil, RTLD_NOW) else { return false }
        guard let untyped = dlsym(process, "_swift_willThrow") else { return false }
        let hook: Hook = { _ in ThrowWatch.count &+= 1 }
        untyped.assumingMemoryBound(to: Hook?.self).pointee = hook
        if let typed = dlsym(process, "_swift_willThrowTypedImpl") {
            let typedHook: TypedHook = { _, _, _ in ThrowWatch.count &+= 1 }
            typed.assumingMemoryBound(to: TypedHook?.self).pointee = typedHook
        }
        return true
    }
}
