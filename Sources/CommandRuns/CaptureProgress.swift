import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `checking entry 120 of 2,000…` on standard error while a capture is checked, only on a
/// terminal. A timer draws it ten times a second with the entry in hand, so an entry that takes
/// long (a compile, a model's loop until its time limit) is named while it does, and a capture
/// checked in less than a tenth of a second never shows it. What is printed goes through
/// ``printing(_:)``, which clears the line first: the line is never left amid the output.
public final class CaptureProgress: @unchecked Sendable {
    public let total: Int
    private let shows: Bool
    private let lock = NSLock()
    /// The entry being checked, and the one the line on the screen names (nil: no line).
    private var current: Int?
    private var drawn: Int?
    private var timer: DispatchSourceTimer?

    public init(total: Int, shows: Bool = isatty(STDERR_FILENO) != 0) {
        self.total = total
        self.shows = shows
    }

    deinit { timer?.cancel() }

    /// The entry at `index` is being checked now.
    public func show(_ index: Int) {
        guard shows else { return }
        lock.withLock { current = index }
        guard timer == nil else { return }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
        self.timer = timer
    }

    /// Runs `body`, which prints, with the line cleared first (it comes back at the next tick).
    public func printing(_ body: () throws -> Void) rethrows {
        // Without the line, the output stays buffered: a flush a line cost 2,000 writes a capture.
        guard shows else { return try body() }
        lock.lock()
        defer { lock.unlock() }
        clearLine()
        try body()
        fflush(nil)
    }

    /// Stops the line and clears it.
    public func stop() {
        timer?.cancel()
        timer = nil
        lock.withLock {
            current = nil
            clearLine()
        }
    }

    private func draw() {
        lock.withLock {
            guard let current, current != drawn else { return }
            FileHandle.standardError.write(Data("\r\u{1B}[Kchecking entry \(current + 1) of \(total)…".utf8))
            drawn = current
        }
    }

    /// With the lock held.
    private func clearLine() {
        guard drawn != nil else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        drawn = nil
    }
}
