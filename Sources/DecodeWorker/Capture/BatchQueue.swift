import Foundation

/// The batches of a capture's entries between the thread that reads them and the one that checks
/// them (``CaptureCheck``): at most ``capacity`` wait, so the reader stays a few batches ahead and
/// memory holds those, never the capture.
final class BatchQueue: @unchecked Sendable {
    /// How many read batches may wait for the checker.
    static let capacity = 2

    private let condition = NSCondition()
    private var waiting: [ScreenBatch] = []
    private var ended = false
    private var cancelled = false

    /// Hands a batch on, once there is room; false when the checker stopped (the reader stops too).
    func add(_ batch: ScreenBatch) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while waiting.count >= Self.capacity, !cancelled { condition.wait() }
        guard !cancelled else { return false }
        waiting.append(batch)
        condition.broadcast()
        return true
    }

    /// Every batch has been handed on.
    func end() {
        condition.lock()
        ended = true
        condition.broadcast()
        condition.unlock()
    }

    /// The checker stopped: whatever waits is dropped, and the reader's next ``add(_:)`` says so.
    func cancel() {
        condition.lock()
        cancelled = true
        waiting = []
        condition.broadcast()
        condition.unlock()
    }

    /// Whether every batch has been read and handed on: none comes after those taken.
    var isDrained: Bool {
        condition.lock()
        defer { condition.unlock() }
        return ended && waiting.isEmpty
    }

    /// The next batch if it is read already; nil if not (or after the last, or once cancelled).
    func poll() -> ScreenBatch? {
        condition.lock()
        defer { condition.unlock() }
        guard !cancelled, !waiting.isEmpty else { return nil }
        condition.broadcast()
        return waiting.removeFirst()
    }

    /// The next batch, once it is read; nil after the last, or once cancelled.
    func next() -> ScreenBatch? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty, !ended, !cancelled { condition.wait() }
        guard !cancelled, !waiting.isEmpty else { return nil }
        condition.broadcast()
        return waiting.removeFirst()
    }
}
