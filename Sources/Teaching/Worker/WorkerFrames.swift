import Foundation

/// The worker's standard output: a header naming the format and its version, then one frame
/// per ``WorkerReply`` as it becomes ready (so the verdict is read while the teaching is still
/// being found). A frame is a 4-byte big-endian length and the reply as JSON.
enum WorkerFrames {
    static let header: [UInt8] = Array("CEW".utf8) + [1]

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }

    /// One reply as a frame.
    static func frame(_ reply: WorkerReply) throws -> Data {
        let body = try encoder().encode(reply)
        let count = UInt32(body.count)
        var data = Data([UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)])
        data.append(body)
        return data
    }

    /// Cuts frames out of the bytes read so far.
    struct Reader {
        private var buffer: [UInt8] = []
        private var sawHeader = false
        private let decoder = WorkerFrames.decoder()

        enum Problem: Error { case notAWorker, unreadable(String) }

        /// Adds bytes read from the child; returns the replies now complete.
        mutating func feed(_ bytes: [UInt8]) throws(Problem) -> [WorkerReply] {
            buffer += bytes
            if !sawHeader {
                guard buffer.count >= header.count else { return [] }
                guard Array(buffer.prefix(header.count)) == header else { throw .notAWorker }
                buffer.removeFirst(header.count)
                sawHeader = true
            }
            var replies: [WorkerReply] = []
            var start = 0
            while buffer.count - start >= 4 {
                let length = Int(buffer[start]) << 24 | Int(buffer[start + 1]) << 16 | Int(buffer[start + 2]) << 8 | Int(buffer[start + 3])
                guard buffer.count - start - 4 >= length else { break }
                let body = Data(buffer[(start + 4)..<(start + 4 + length)])
                do {
                    replies.append(try decoder.decode(WorkerReply.self, from: body))
                } catch {
                    throw .unreadable(String(describing: error))
                }
                start += 4 + length
            }
            if start > 0 { buffer.removeFirst(start) }
            return replies
        }

        /// Bytes left over that do not make a whole frame (a child that died mid-write).
        var isEmpty: Bool { buffer.isEmpty }
    }
}
