#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `malloc`ed column of trivial values that grows with `realloc`.
///
/// Why not `[T]`: a Swift array that doubles copies itself, so while a 100 MB payload is
/// scanned the old and the new storage of each column are alive at once. `realloc` of a
/// large block is an `mremap` on Linux: no copy, and the pages reserved ahead but not yet
/// written never count against resident memory.
struct GrowableBuffer<Element: BitwiseCopyable>: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = Self.allocate(self.capacity, reusing: nil)
    }

    deinit { free(base) }

    @inline(__always)
    mutating func append(_ value: Element) {
        if count == capacity { grow() }
        base[count] = value
        count &+= 1
    }

    /// Appends `n` values copied from `source`.
    mutating func append(contentsOf source: UnsafePointer<Element>, count n: Int) {
        reserve(n)
        (base + count).update(from: source, count: n)
        count &+= n
    }

    /// Appends `n` values read from `source` through `transform`.
    @inline(__always)
    mutating func appendMapped(from source: UnsafePointer<Element>, count n: Int, _ transform: (Element) -> Element) {
        reserve(n)
        let target = base + count
        for k in 0..<n { target[k] = transform(source[k]) }
        count &+= n
    }

    private mutating func reserve(_ n: Int) {
        guard count + n > capacity else { return }
        capacity = count + n + (count + n) / 2
        base = Self.allocate(capacity, reusing: base)
    }

    @inline(never)
    private mutating func grow() {
        capacity = capacity + capacity / 2 + 1024
        base = Self.allocate(capacity, reusing: base)
    }

    /// Gives up the buffer, trimmed to its count; the caller owns and frees it.
    consuming func take() -> (pointer: UnsafeMutablePointer<Element>, count: Int) {
        let trimmed = Self.allocate(max(count, 1), reusing: base)
        let result = (trimmed, count)
        discard self
        return result
    }

    private static func allocate(_ n: Int, reusing old: UnsafeMutablePointer<Element>?) -> UnsafeMutablePointer<Element> {
        let bytes = n * MemoryLayout<Element>.stride
        guard let raw = realloc(old.map(UnsafeMutableRawPointer.init), bytes) else {
            // Out of memory: there is no sensible way to go on.
            fatalError("out of memory growing a node table to \(bytes) bytes")
        }
        return raw.bindMemory(to: Element.self, capacity: n)
    }
}

/// A frozen column taken from a ``GrowableBuffer``; frees itself when the tree goes.
final class FrozenColumn<Element: BitwiseCopyable>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Element>
    let count: Int

    init(_ taken: (pointer: UnsafeMutablePointer<Element>, count: Int)) {
        base = taken.pointer
        count = taken.count
    }

    deinit { free(base) }

    @inline(__always)
    subscript(i: Int) -> Element { base[i] }
}
