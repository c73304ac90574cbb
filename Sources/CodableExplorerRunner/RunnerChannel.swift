import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The runner's channel to the worker: two descriptors of their own, never standard output,
/// so nothing the model's code prints can be read as a verdict. The worker writes one job on
/// ``jobDescriptor`` and closes it (a session's worker writes job after job, each after the
/// previous reply: ``RunnerJob/session``); the runner writes its reply (and the value's text) on
/// ``replyDescriptor``. The runner's standard output and error are the model's: the worker
/// keeps a bounded copy of them and shows it beside the verdict.
public enum RunnerChannel {
    /// Where the runner reads its job.
    public static let jobDescriptor: Int32 = 3
    /// Where the runner writes its replies.
    public static let replyDescriptor: Int32 = 4

    /// Moves the reply descriptor to a close-on-exec copy above the usual ones and closes
    /// ``replyDescriptor``, so that what the model's code writes to descriptor 4, or a program it
    /// starts inherits, never reaches the worker; the copy (``replyDescriptor`` itself if it cannot
    /// be made).
    public static func moveReplyDescriptor() -> Int32 { moveDescriptor(replyDescriptor) }

    /// Moves `descriptor` to a close-on-exec copy above the usual ones and closes it (a session's
    /// ``jobDescriptor`` stays open so, out of the model's way); the copy (`descriptor` itself if it
    /// cannot be made).
    public static func moveDescriptor(_ descriptor: Int32) -> Int32 {
        let copy = fcntl(descriptor, F_DUPFD_CLOEXEC, 100)
        guard copy >= 0 else { return descriptor }
        close(descriptor)
        return copy
    }

    /// What a session's runner writes on its standard output and error after each job's output,
    /// ahead of the job's reply: the worker reads each up to it, so that what the model's code
    /// printed is told to the job that printed it. It carries the job's nonce.
    public static func outputMark(nonce: String) -> [UInt8] {
        Array("\u{1E}codable-explorer-runner:\(nonce)\u{1E}".utf8)
    }

    /// A new nonce for one run: 128 random bits as hex, which the runner echoes in its reply.
    public static func makeNonce() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<2).map { _ in String(generator.next() as UInt64, radix: 16) }.joined(separator: "-")
    }

    /// What a frame on this channel holds.
    public enum Kind: UInt8, Sendable {
        /// A ``RunnerJob`` (worker to runner), in the channels' binary form (``FrameEncoder``).
        case job = 0
        /// A ``RunnerReply`` in the same form (runner to worker): the last frame of a run.
        case reply = 1
        /// The decoded value as check-output.md's JSON text, raw, ahead of its reply.
        case valueJSON = 2
        /// One element's ``RunnerReply`` of a batch job, ahead of the batch's reply.
        case batchItem = 3
        /// A traced decode's ``RunnerReply/trace`` as ``TraceBytes``, ahead of its reply.
        case trace = 4
    }

    /// A message as its frame, in the channels' binary form (``FrameEncoder``; the worker's frames
    /// use it too): JSON's coders were most of the work of a small reply.
    public static func frame(_ kind: Kind, _ message: some Encodable) throws -> Frame {
        Frame(kind: kind.rawValue, body: try FrameEncoder().encode(message))
    }
}
