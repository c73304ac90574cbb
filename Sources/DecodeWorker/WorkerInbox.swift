import CodableExplorerRunner
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The worker's standard input (``WorkerInput``) with the messages already there read ahead: a
/// session's client sends the jobs of a batch together (a capture's entries checked alone, then
/// the next batch's screens), and the worker reads the ones waiting while it serves the first, so
/// that their runner jobs go on the runner's channel right behind it (``KeptRunner/planning(_:)``).
/// Jobs are still served one at a time, in order; what is read ahead waits here for its turn.
final class WorkerInbox {
    let descriptor: Int32
    /// Messages read ahead, each with its attached payload if its job has one, and what planning
    /// made of its job (``plan(_:)``).
    private var waiting: [Waiting] = []

    private struct Waiting {
        var message: [UInt8]
        var payload: Result<[UInt8], WorkerInput.Problem>?
        /// The message's job (nil: not a job of this version).
        var job: DecodeJob?
        var planned = false
        /// The job as prepared when it was planned, to be served as it is.
        var prepared: PreparedDecode?
    }
    /// Why the input could not be read on after the messages waiting (said in its turn).
    private var problem: WorkerInput.Problem?
    /// The payload read ahead with the message last taken (``next()``), or why it could not be.
    private var payloadAhead: Result<[UInt8], WorkerInput.Problem>?
    /// The message last taken (``next()``), prepared when it was planned (``plan(_:)``).
    private(set) var preparedAhead: PreparedDecode?
    /// At most this many messages wait here.
    static let depth = 16

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The next message: the first read ahead, else the next on the input (blocking until it is all
    /// there); nil when the input ends between messages.
    func next() throws(WorkerInput.Problem) -> [UInt8]? {
        payloadAhead = nil
        preparedAhead = nil
        if !waiting.isEmpty {
            let first = waiting.removeFirst()
            payloadAhead = first.payload
            preparedAhead = first.prepared
            return first.message
        }
        if let problem { throw problem }
        return try WorkerInput.next(from: descriptor)
    }

    /// The payload attached to the message last taken by ``next()`` (its job says it has one).
    func payload() throws(WorkerInput.Problem) -> [UInt8] {
        if let payloadAhead { return try payloadAhead.get() }
        return try WorkerInput.payload(from: descriptor)
    }

    /// Reads the jobs already on the input (none is waited for), up to ``depth``. Stops after a job
    /// whose value is asked for on demand (its queries follow it, read as they come) and at a message
    /// that is not a job of this version (served in its turn, and said then).
    func readAhead() {
        while waiting.count < Self.depth, problem == nil, isReadable, waiting.last?.job.map({ $0.value != .onDemand }) ?? true {
            let message: [UInt8]
            do {
                guard let next = try WorkerInput.next(from: descriptor) else { break }
                message = next
            } catch {
                problem = error
                break
            }
            guard let job = try? FrameDecoder().decode(DecodeJob.self, from: message), job.version == DecodeJob.version else {
                waiting.append(Waiting(message: message))
                break
            }
            var payload: Result<[UInt8], WorkerInput.Problem>?
            if job.payloadAttached {
                payload = Result { () throws(WorkerInput.Problem) in try WorkerInput.payload(from: descriptor) }
            }
            waiting.append(Waiting(message: message, payload: payload, job: job))
            // What follows a payload that cannot be read cannot be read either.
            if case .failure(let error) = payload {
                problem = error
                break
            }
        }
    }

    /// What planning makes of a waiting job (``plan(_:)``).
    enum Plan {
        /// Not now: its runner is not known yet; it and the jobs behind it are gone through next time.
        case later
        /// Gone through, with nothing kept.
        case none
        /// Gone through, and served as prepared here.
        case prepared(PreparedDecode)
    }

    /// Goes through the jobs waiting that were not gone through yet, in order, up to the first
    /// message that is not a job or the first job `plan` leaves for later.
    func plan(_ plan: (DecodeJob) -> Plan) {
        for index in waiting.indices where !waiting[index].planned {
            guard let job = waiting[index].job else { return }
            switch plan(job) {
            case .later: return
            case .none: break
            case .prepared(let prepared): waiting[index].prepared = prepared
            }
            waiting[index].planned = true
        }
    }

    /// Whether a message has begun to arrive (the end of the input is met by ``next()``, in its turn).
    private var isReadable: Bool {
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&ready, 1, 0) > 0 && ready.revents & Int16(POLLIN) != 0
    }
}
