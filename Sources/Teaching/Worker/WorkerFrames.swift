import Foundation

/// The worker's standard output: a header naming the format and its version, then one frame
/// per ``WorkerReply`` as it becomes ready (so the verdict is read while the teaching is still
/// being found). A frame is a 4-byte big-endian length, one byte saying what follows, and
/// then either the reply as JSON (0) or the raw UTF-8 text of a ``WorkerReply/valueJSON(_:)``
/// (1), which would otherwise be escaped into a JSON string and parsed back.
enum WorkerFrames {
    static let header: [UInt8] = Array("CEW".utf8) + [2]

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
        let kind: UInt8
        let body: Data
        if case .valueJSON(let text) = reply {
            kind = 1
            body = Data(text.utf8)
        } else {
            kind = 0
            body = try encoder().encode(reply)
        }
        let count = UInt32(body.count + 1)
        var data = Data([UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF), kind])
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
                guard length >= 1 else { throw .unreadable("an empty frame") }
                let kind = buffer[start + 4]
                let body = buffer[(start + 5)..<(start + 4 + length)]
                switch kind {
                case 0:
                    do {
                        replies.append(try decoder.decode(WorkerReply.self, from: Data(body)))
                    } catch {
                        throw .unreadable(String(describing: error))
                    }
                case 1:
                    replies.append(.valueJSON(String(decoding: body, as: UTF8.self)))
                default:
                    throw .unreadable("a frame of unknown kind \(kind)")
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
