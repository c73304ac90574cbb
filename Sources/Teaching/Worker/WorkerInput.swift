import DecodingEngine
import Foundation

/// The worker's standard input: the ``DecodeJob`` first, then, for a job whose value is
/// ``DecodeJob/ValueDelivery/onDemand``, one ``ValueQuery`` after another until the parent
/// closes it. Each message is a 4-byte big-endian length and that many bytes of JSON: framed,
/// so the child reads the job without waiting for the end of its input, and goes on reading.
enum WorkerInput {
    /// Why the input cannot be read on.
    enum Problem: Error, CustomStringConvertible {
        /// It ended inside a message (`expected` bytes, `got` of them).
        case truncated(expected: Int, got: Int)
        case unreadable(errno: Int32)

        var description: String {
            switch self {
            case .truncated(let expected, let got): "the input ended after \(got) of a message's \(expected) bytes"
            case .unreadable(let code): "the input cannot be read: \(String(cString: strerror(code)))"
            }
        }
    }

    /// One message as its frame.
    static func frame(_ message: some Encodable) throws -> Data {
        let body = try WorkerJSON.encoder().encode(message)
        let count = UInt32(body.count)
        var data = Data([UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)])
        data.append(body)
        return data
    }

    /// The next message's bytes, read from `fd`, blocking until they are all there; nil when the
    /// input ends between messages.
    static func next(from fd: Int32) throws(Problem) -> Data? {
        guard let head = try read(4, from: fd) else { return nil }
        let count = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
        guard let body = try read(count, from: fd) else { throw .truncated(expected: count, got: 0) }
        return body
    }

    /// Exactly `count` bytes; nil when the input ends before the first.
    private static func read(_ count: Int, from fd: Int32) throws(Problem) -> Data? {
        var data = Data(count: count)
        var got = 0
        while got < count {
            let n = data.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress! + got, count - got) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw .unreadable(errno: errno) }
            if n == 0 {
                if got == 0 { return nil }
                throw .truncated(expected: count, got: got)
            }
            got += n
        }
        return data
    }
}
