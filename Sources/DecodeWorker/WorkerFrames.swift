import CodableExplorerRunner
import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Teaching

/// The worker's standard output: a header naming the format and its version, then one frame
/// per ``WorkerReply`` as it becomes ready (so the verdict is read while the teaching is still
/// being found). A frame is a 4-byte big-endian length, one byte saying what follows, and
/// then either the reply in the channels' binary form (0, ``FrameEncoder``) or the raw UTF-8 text
/// of a ``WorkerReply/valueJSON(_:)`` (1).
///
/// The elements of a large array decoded in parts (``ArraySplit``) go ahead of that text, and
/// ahead of the report, as each part is decoded (frames 5, raw UTF-8, the part's elements
/// joined by commas): the worker never holds them all. The value's text then holds a
/// placeholder where the reader puts them (``ValueJSON/init(text:splicing:)``); when the
/// verdict is not a value, or the text has no placeholder, the reader drops them.
///
/// A report's errors and a teaching's lessons go ahead of their reply in parts of
/// ``partSize`` (frames 2 and 3), which the reader puts back: a coder holds the whole of what
/// it encodes before writing a byte (`JSONEncoder` built a tree of it), and for 60,000 errors
/// that, not the errors, was the worker's peak memory (420 MB for a 2.8 MB payload).
/// A ``WorkerReply/value(_:)`` crosses in ``DecodedValueBinary``'s form (frame 4), and the parts
/// of errors in ``LocatedErrorsBinary``'s, for the same reason and for speed: for 60,000 errors
/// their JSON was 60% of `check --all-errors`'s time.
///
/// Every frame's body starts with the number of the request it answers (``DecodeJob/request``,
/// 4 bytes, big-endian): a reader never takes one request's reply for another's.
enum WorkerFrames {
    /// The format's name and version, ahead of the frames (``Frame``: the tool's one framing).
    static let header: [UInt8] = Array("CEW".utf8) + [10]

    /// What a frame of the worker's output holds.
    enum Kind: UInt8 {
        /// A ``WorkerReply`` (``FrameEncoder``).
        case reply = 0
        /// The value's JSON text, raw (``WorkerReply/valueJSON(_:)``).
        case valueJSON = 1
        /// A part of a report's errors, ahead of the report (``LocatedErrorsBinary``).
        case errorPart = 2
        /// A part of a teaching's lessons, ahead of the teaching (``FrameEncoder``).
        case lessonPart = 3
        /// The decoded value (``DecodedValueBinary``).
        case value = 4
        /// A split array's elements, ahead of the value's text.
        case elements = 5
    }

    /// How many errors or lessons one part frame holds.
    static let partSize = 512

    /// One reply to request `request` as frames, each handed to `write` as soon as it is encoded.
    static func write(_ reply: WorkerReply, request: Int, to write: (Data) -> Void) throws {
        switch reply {
        case .valueJSON(let json):
            writeValueJSON(json, request: request, to: write)
        case .value(let value?):
            write(frame(.value, request: request, body: DecodedValueBinary.encode(value)))
        case .report(var report, let facts) where report.errors.count > partSize || report.value != nil:
            // The value never rides in the report: it is a reply of its own (``WorkerReply/value(_:)``).
            report.value = nil
            if report.errors.count > partSize {
                for part in parts(of: report.errors) {
                    write(frame(.errorPart, request: request, body: LocatedErrorsBinary.encode(part)))
                }
                report.errors = []
            }
            write(frame(.reply, request: request, body: try FrameEncoder().encode(WorkerReply.report(report, facts))))
        case .teaching(var teaching) where teaching.lessons.count > partSize:
            for part in parts(of: teaching.lessons) {
                write(frame(.lessonPart, request: request, body: try FrameEncoder().encode(part)))
            }
            teaching.lessons = []
            write(frame(.reply, request: request, body: try FrameEncoder().encode(WorkerReply.teaching(teaching))))
        default:
            write(frame(.reply, request: request, body: try FrameEncoder().encode(reply)))
        }
    }

    /// The decoded value's JSON text, already rendered as UTF-8, as the frame of a
    /// ``WorkerReply/valueJSON(_:)`` (the reader makes it that reply).
    static func writeValueJSON(_ json: ValueJSON, request: Int, to write: (Data) -> Void) {
        write(Data(Frame.header(kind: Kind.valueJSON.rawValue, bodyCount: 4 + json.count) + requestBytes(request)))
        for segment in json.segments { writeInPlace(segment, to: write) }
    }

    /// One part's elements of a split array, as their JSON joined by commas, sent as soon as
    /// they are decoded (``DecodingEngine/decodeWithValueJSON(_:payload:tree:at:options:handingElementsTo:)``).
    static func writeElements(_ text: [UInt8], request: Int, to write: (Data) -> Void) {
        write(Data(Frame.header(kind: Kind.elements.rawValue, bodyCount: 4 + text.count) + requestBytes(request)))
        writeInPlace(text, to: write)
    }

    /// A request's number as it leads each frame's body.
    private static func requestBytes(_ request: Int) -> [UInt8] {
        let number = UInt32(truncatingIfNeeded: request)
        return [UInt8(number >> 24), UInt8((number >> 16) & 0xFF), UInt8((number >> 8) & 0xFF), UInt8(number & 0xFF)]
    }

    /// Bytes that can be as large as the payload, written where they are: not copied into a
    /// Data and again into a frame.
    private static func writeInPlace(_ bytes: [UInt8], to write: (Data) -> Void) {
        bytes.withUnsafeBytes { buffer in
            guard let start = buffer.baseAddress, !buffer.isEmpty else { return }
            write(Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: buffer.count, deallocator: .none))
        }
    }

    /// One reply as the bytes of its frames.
    static func frame(_ reply: WorkerReply, request: Int) throws -> Data {
        var data = Data()
        try write(reply, request: request) { data.append($0) }
        return data
    }

    private static func parts<T>(of items: [T]) -> [[T]] {
        stride(from: 0, to: items.count, by: partSize).map { Array(items[$0..<min($0 + partSize, items.count)]) }
    }

    private static func frame(_ kind: Kind, request: Int, body: [UInt8]) -> Data {
        Data(Frame.header(kind: kind.rawValue, bodyCount: 4 + body.count) + requestBytes(request) + body)
    }

    /// A reply and the number of the request it answers.
    struct Answer: Sendable {
        var request: Int
        var reply: WorkerReply

        /// Whether it answers request `number`: its number, or 0 for the failure of a job too broken
        /// to have read its number.
        func answers(request number: Int) -> Bool {
            if request == number { return true }
            if request == 0, case .failure = reply { return true }
            return false
        }
    }

    /// Puts replies together from the frames read so far (``Frame/Reader`` cuts them).
    struct Reader {
        private var frames = Frame.Reader()
        private var headerBytes: [UInt8] = []
        private let decoder = FrameDecoder()
        /// The request whose parts are read ahead (parts of two requests never mix).
        private var partsRequest: Int?
        /// Parts read ahead of the reply they belong to.
        private var errorParts: [LocatedDecodingError] = []
        private var lessonParts: [TeachingReport.Lesson] = []
        /// A split array's elements read ahead of the value's text.
        private var elementParts: [[UInt8]] = []

        enum Problem: Error { case notAWorker, unreadable(String) }

        /// Adds bytes read from the child; returns the replies now complete.
        mutating func feed(_ bytes: [UInt8]) throws(Problem) -> [Answer] {
            var bytes = bytes[...]
            if headerBytes.count < header.count {
                let wanted = header.count - headerBytes.count
                headerBytes += bytes.prefix(wanted)
                bytes = bytes.dropFirst(wanted)
                guard headerBytes == Array(header.prefix(headerBytes.count)) else { throw .notAWorker }
                guard headerBytes.count == header.count else { return [] }
            }
            let whole: [Frame]
            do { whole = try frames.feed(bytes) } catch { throw .unreadable(error.description) }
            var answers: [Answer] = []
            for frame in whole {
                guard frame.body.count >= 4 else { throw .unreadable("a frame without the number of its request") }
                let request = frame.body.prefix(4).reduce(0) { $0 << 8 | Int($1) }
                if let partsRequest, partsRequest != request {
                    throw .unreadable("a reply to request \(request) came amid the parts of request \(partsRequest)")
                }
                if let reply = try read(frame, request: request) { answers.append(Answer(request: request, reply: reply)) }
                // Parts wait for their reply: until it comes, no other request's frame may come between.
                partsRequest = errorParts.isEmpty && lessonParts.isEmpty && elementParts.isEmpty ? nil : request
            }
            return answers
        }

        private mutating func read(_ frame: Frame, request: Int) throws(Problem) -> WorkerReply? {
            guard let kind = Kind(rawValue: frame.kind) else { throw .unreadable("a frame of unknown kind \(frame.kind)") }
            let body = Array(frame.body.dropFirst(4))
            switch kind {
            case .reply:
                var reply: WorkerReply
                do { reply = try decoder.decode(WorkerReply.self, from: body) } catch {
                    throw .unreadable(String(describing: error))
                }
                // A verdict that is not a value: its text never follows, nor needs the elements.
                if case .report(let report, _) = reply, !report.ok { elementParts = [] }
                switch reply {
                case .report(var report, let facts) where !errorParts.isEmpty:
                    report.errors = errorParts + report.errors
                    errorParts = []
                    reply = .report(report, facts)
                case .teaching(var teaching) where !lessonParts.isEmpty:
                    teaching.lessons = lessonParts + teaching.lessons
                    lessonParts = []
                    reply = .teaching(teaching)
                default:
                    break
                }
                return reply
            case .errorPart:
                do { errorParts += try LocatedErrorsBinary.decode(body[...]) } catch {
                    throw .unreadable("the errors: \(error)")
                }
                return nil
            case .value:
                do { return .value(try DecodedValueBinary.decode(body[...])) } catch {
                    throw .unreadable("the decoded value: \(error)")
                }
            case .lessonPart:
                do { lessonParts += try decoder.decode([TeachingReport.Lesson].self, from: body) } catch {
                    throw .unreadable(String(describing: error))
                }
                return nil
            case .valueJSON:
                if elementParts.isEmpty, body.contains(ValueJSON.placeholderByte) {
                    throw .unreadable("the value's text awaits the elements of an array decoded in parts, and none came")
                }
                defer { elementParts = [] }
                return .valueJSON(ValueJSON(text: body, splicing: elementParts))
            case .elements:
                elementParts.append(body)
                return nil
            }
        }

        /// Bytes left over that do not make a whole frame (a child that died mid-write).
        var isEmpty: Bool { frames.pendingCount == 0 }
    }
}
