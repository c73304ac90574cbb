import Foundation

/// When the engine decodes the elements of one large array in parts, each part a small
/// document of its own, side by side on the machine's cores.
///
/// `JSONDecoder` builds a map of the whole document before it decodes anything: 2.5 times a
/// payload's size on top of it. Decoding a large array's elements in parts, each part a
/// document that walks to the array with the same keys and skips to the same positions
/// (``ArraySplit``), gives every error the coding path and text the whole decode gives,
/// while Foundation maps only the parts being decoded. See DECISIONS.md, "Large arrays are
/// decoded in parts".
///
/// Two reasons to split, two sizes: from ``minimumBytes`` for memory, in parts of about
/// ``partBytes``; and, with two threads or more, from ``parallelMinimumBytes`` for time, in one
/// part per thread (a 2 MB payload's decode is some 0.1 s on one core; DECISIONS.md, "Payloads
/// of 1 MB or more are decoded on every core").
public struct ArraySplitting: Sendable, Hashable {
    /// An array whose text is shorter than this is decoded whole, unless ``parallelMinimumBytes``
    /// says otherwise.
    public var minimumBytes: Int
    /// About this many bytes of elements make one part.
    public var partBytes: Int
    /// How many parts are decoded at once.
    public var threads: Int
    /// With two threads or more, an array of at least this many bytes (and below
    /// ``minimumBytes``) is decoded in ``threads`` parts of equal text, side by side.
    public var parallelMinimumBytes: Int

    public init(minimumBytes: Int, partBytes: Int, threads: Int, parallelMinimumBytes: Int = .max) {
        self.minimumBytes = max(0, minimumBytes)
        self.partBytes = max(1, partBytes)
        self.threads = max(1, threads)
        self.parallelMinimumBytes = max(0, parallelMinimumBytes)
    }

    /// Arrays of 8 MB or more, in parts of about 4 MB, as many at once as there are cores; with two
    /// cores or more, arrays of 1 MB or more too, in one part per core.
    public static let standard = ArraySplitting(
        minimumBytes: 8 << 20, partBytes: 4 << 20, threads: min(8, ProcessInfo.processInfo.activeProcessorCount),
        parallelMinimumBytes: 1 << 20)

    /// Every array decoded whole.
    public static let never = ArraySplitting(minimumBytes: .max, partBytes: .max, threads: 1)

    /// The heaviest array of any size, one element per part by default: how the tests check
    /// that a decode in parts is the decode of the whole.
    public static func always(partBytes: Int = 1, threads: Int = 2) -> ArraySplitting {
        ArraySplitting(minimumBytes: 0, partBytes: partBytes, threads: threads)
    }

    /// The smallest array this splits.
    var smallestSplit: Int { threads >= 2 ? min(minimumBytes, parallelMinimumBytes) : minimumBytes }

    /// About how many bytes of elements make one part of an array of `bytes`; nil when it is
    /// decoded whole.
    func partBytes(forArrayOf bytes: Int) -> Int? {
        if bytes >= minimumBytes { return partBytes }
        guard threads >= 2, bytes >= parallelMinimumBytes else { return nil }
        return min(partBytes, (bytes + threads - 1) / threads)
    }
}
