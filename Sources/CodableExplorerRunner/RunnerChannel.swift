import Foundation

/// The runner's channel to the worker: two descriptors of their own, never standard output,
/// so nothing the model's code prints can be read as a verdict. The worker writes one job on
/// ``jobDescriptor`` and closes it; the runner writes its reply (and the value's text) on
/// ``replyDescriptor``. The runner's standard output and error are the model's: the worker
/// keeps a bounded copy of them and shows it beside the verdict.
public enum RunnerChannel {
    /// Where the runner reads its job.
    public static let jobDescriptor: Int32 = 3
    /// Where the runner writes its replies.
    public static let replyDescriptor: Int32 = 4

    /// What a frame on this channel holds.
    public enum Kind: UInt8, Sendable {
        /// A ``RunnerJob`` as JSON (worker to runner).
        case job = 0
        /// A ``RunnerReply`` as JSON (runner to worker): the last frame of a run.
        case reply = 1
        /// The decoded value as check-output.md's JSON text, raw, ahead of its reply.
        case valueJSON = 2
    }

    /// The encoder of the channel's JSON: infinities and NaN as strings (JSON has no such numbers).
    public static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    public static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }

    /// A message as its frame.
    public static func frame(_ kind: Kind, _ message: some Encodable) throws -> Frame {
        Frame(kind: kind.rawValue, body: Array(try encoder().encode(message)))
    }
}
