import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one framing every channel of the tool speaks: the worker's input and output, and the
/// runner's channel. A frame is a 4-byte big-endian length (of what follows it), one byte saying
/// what kind of body follows, and the body. Each channel names its kinds (``RunnerChannel/Kind``,
/// the worker's `WorkerFrame.Kind`); the bytes are cut and put together here only.
///
/// For example the runner's reply `{"ok":true}` as a message (kind 0) is the 16 bytes
/// `00 00 00 0c 00 7b 22 6f 6b 22 3a 74 72 75 65 7d`: length 12 (the kind byte and 11 bytes of
/// JSON), kind 0, the JSON.
public struct Frame: Sendable, Hashable {
    public var kind: UInt8
    public var body: [UInt8]

    public init(kind: UInt8, body: [UInt8]) {
        self.kind = kind
        self.body = body
    }

    /// The largest frame a reader accepts (a body of a 4 GB payload's text would not fit the length
    /// field anyway): a length above it is a broken channel, not a wait for more bytes.
    public static let maximumLength = Int(UInt32.max)

    /// The length and kind, ahead of a body of `bodyCount` bytes written apart.
    public static func header(kind: UInt8, bodyCount: Int) -> [UInt8] {
        let count = UInt32(bodyCount + 1)
        return [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF), kind]
    }

    /// The frame's bytes, header and body.
    public var bytes: [UInt8] { Self.header(kind: kind, bodyCount: body.count) + body }

    /// Why the bytes read are not frames.
    public enum Problem: Error, Sendable, Hashable, CustomStringConvertible {
        /// A frame whose length is 0 (it must at least hold its kind).
        case empty
        /// The channel ended inside a frame: `missing` of its bytes never came.
        case truncated(missing: Int)
        case unreadable(errno: Int32)

        public var description: String {
            switch self {
            case .empty: "an empty frame"
            case .truncated(let missing): "the channel ended \(missing) bytes short of a whole frame"
            case .unreadable(let code): "the channel cannot be read: \(String(cString: strerror(code)))"
            }
        }
    }

    /// Cuts frames out of bytes as they arrive.
    public struct Reader: Sendable {
        private var buffer: [UInt8] = []
        private var start = 0

        public init() {}

        /// Adds bytes read; returns the frames now whole.
        public mutating func feed(_ bytes: some Collection<UInt8>) throws(Problem) -> [Frame] {
            if start > 0 && start >= buffer.count / 2 {
                buffer.removeFirst(start)
                start = 0
            }
            buffer.append(contentsOf: bytes)
            var frames: [Frame] = []
            while buffer.count - start >= 4 {
                let length =
                    Int(buffer[start]) << 24 | Int(buffer[start + 1]) << 16 | Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
                guard length >= 1 else { throw .empty }
                guard buffer.count - start - 4 >= length else { break }
                frames.append(Frame(kind: buffer[start + 4], body: Array(buffer[(start + 5)..<(start + 4 + length)])))
                start += 4 + length
            }
            return frames
        }

        /// The bytes still waiting to make a frame: at the end of the channel, a frame cut short.
        public var pendingCount: Int { buffer.count - start }

        /// At the end of the channel: throws when it ended inside a frame.
        public func finish() throws(Problem) {
            guard pendingCount > 0 else { return }
            var missing = 4 - pendingCount
            if pendingCount >= 4 {
                let length =
                    Int(buffer[start]) << 24 | Int(buffer[start + 1]) << 16 | Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
                missing = 4 + length - pendingCount
            }
            throw .truncated(missing: missing)
        }
    }

    /// The next frame read from `fd`, blocking until it is whole; nil when the channel ends
    /// between frames.
    public static func read(from fd: Int32) throws(Problem) -> Frame? {
        guard let head = try readExactly(4, from: fd) else { return nil }
        let length = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        guard length >= 1 else { throw .empty }
        guard let rest = try readExactly(length, from: fd) else { throw .truncated(missing: length) }
        return Frame(kind: rest[0], body: Array(rest[1...]))
    }

    /// Writes the frame whole (``PipeWriter``: a reader that is gone fails the write, never the process).
    @discardableResult
    public func write(to fd: Int32) -> Bool {
        PipeWriter.writeAll(Data(bytes), to: fd)
    }

    /// Exactly `count` bytes; nil when the channel ends before the first. Grown as bytes arrive,
    /// so a length that lies (random bytes) costs nothing until the bytes are really there.
    private static func readExactly(_ count: Int, from fd: Int32) throws(Problem) -> [UInt8]? {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(count, 1 << 16))
        while data.count < count {
            let want = min(chunk.count, count - data.count)
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, want) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw .unreadable(errno: errno) }
            if n == 0 {
                if data.isEmpty { return nil }
                throw .truncated(missing: count - data.count)
            }
            data.append(contentsOf: chunk[0..<n])
        }
        return data
    }
}
