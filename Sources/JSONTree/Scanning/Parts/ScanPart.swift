import Foundation

/// One later part of a scan in parts: the text from just after a `,` and a line break to the
/// next part's start, scanned on its own thread from an assumed state (``VirtualLevels``).
///
/// Strict JSON has no raw line break inside a string, so a line break just after a comma is
/// between values; when it is not (a broken payload), the assumption fails at the stitch and the
/// part is scanned again in line (`JSONScanner.scanInParts`).
final class ScanPart: @unchecked Sendable {
    /// Just past the comma: where the scan before this part stops.
    let stop: Int
    /// Just past the line break: where this part's scan starts.
    let start: Int
    /// The part's scanner once it has run, and how it ended (nil: an error stopped it).
    var scanner: JSONScanner
    var outcome: JSONScanner.Outcome?

    /// From this size on, a strict JSON text is scanned in parts, one per core.
    static let minimumBytes = 64 << 20

    /// The number of parts to scan in whatever the text's size (tests compare answers; a count
    /// past the number of line breaks cuts at every one that can be cut at).
    @TaskLocal static var forcedCount: Int?

    /// Counts the parts stitched on and the parts scanned again in line (tests check that the
    /// parts really were scanned apart).
    @TaskLocal static var tally: Tally?

    final class Tally: @unchecked Sendable {
        var stitched = 0
        var rescanned = 0
        init() {}
    }

    /// Where to cut `text` (nowhere when it is scanned in one part).
    static func cuts(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> [(stop: Int, start: Int)] {
        let count = forcedCount ?? (text.count - start >= minimumBytes ? ProcessInfo.processInfo.activeProcessorCount : 1)
        return SplitPoints.choose(in: text, from: start, parts: count)
    }

    init(text: UnsafeBufferPointer<UInt8>, stop: Int, start: Int, nextStop: Int) {
        self.stop = stop
        self.start = start
        scanner = JSONScanner(part: text, start: start, stop: nextStop)
    }

    /// Frees the part's table once it is stitched on (the whole tree holds a copy).
    func release() {
        scanner.table = NodeTableBuilder(capacity: 0)
        scanner.lineStarts = GrowableBuffer(capacity: 0)
    }

    /// Scans the part (on a worker thread: nothing else touches it until the group is waited on).
    func run() {
        outcome = try? scanner.scanPart()
    }
}
