import CodableExplorerRunner
import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Teaching

/// The worker's standard input: the ``DecodeJob`` first, then the payload's bytes when the job
/// says they are attached (``DecodeJob/payloadAttached``, a frame of ``payloadKind``), then, for a job whose value is
/// ``DecodeJob/ValueDelivery/onDemand``, one ``ValueQuery`` after another until the parent
/// closes it. Each message is a frame (``Frame``, the tool's one framing) of kind 0 holding it in
/// the channels' binary form (``FrameEncoder``): framed, so the child reads the job without waiting
/// for the end of its input, and goes on reading.
enum WorkerInput {
    /// The kind of every frame on the worker's input but the payload's: a message (``FrameEncoder``).
    static let messageKind: UInt8 = 0
    /// The kind of the frame of an attached payload: its bytes as they are.
    static let payloadKind: UInt8 = 1

    /// Why the input cannot be read on.
    enum Problem: Error {
        case frame(Frame.Problem)
        /// A frame that is not a message.
        case unexpectedKind(UInt8)
    }

    /// One message as its frame.
    static func frame(_ message: some Encodable) throws -> Data {
        Data(Frame(kind: messageKind, body: try FrameEncoder().encode(message)).bytes)
    }

    /// An attached payload as its frame's header, to be followed by the bytes themselves.
    static func payloadHeader(count: Int) -> Data { Data(Frame.header(kind: payloadKind, bodyCount: count)) }

    /// The attached payload's bytes, read from `fd`.
    static func payload(from fd: Int32) throws(Problem) -> [UInt8] {
        let frame: Frame?
        do { frame = try Frame.read(from: fd) } catch { throw .frame(error) }
        guard let frame else { throw .frame(.truncated(missing: 4)) }
        guard frame.kind == payloadKind else { throw .unexpectedKind(frame.kind) }
        return frame.body
    }

    /// The next message's bytes, read from `fd`, blocking until they are all there; nil when the
    /// input ends between messages.
    static func next(from fd: Int32) throws(Problem) -> [UInt8]? {
        let frame: Frame?
        do { frame = try Frame.read(from: fd) } catch { throw .frame(error) }
        guard let frame else { return nil }
        guard frame.kind == messageKind else { throw .unexpectedKind(frame.kind) }
        return frame.body
    }
}
