import Foundation

/// `checking entry 120 of 2,000…` on standard error while a capture is checked, only on a
/// terminal, redrawn at most ten times a second and cleared before anything else is printed.
struct CaptureProgress {
    var total: Int
    private let shows = isatty(STDERR_FILENO) != 0
    private var shown = false
    private var last: ContinuousClock.Instant?

    init(total: Int) { self.total = total }

    mutating func show(_ index: Int) {
        guard shows else { return }
        let now = ContinuousClock.now
        if let last, now - last < .milliseconds(100) { return }
        last = now
        FileHandle.standardError.write(Data("\r\u{1B}[Kchecking entry \(index + 1) of \(total)…".utf8))
        shown = true
    }

    mutating func clear() {
        guard shown else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        shown = false
    }
}
