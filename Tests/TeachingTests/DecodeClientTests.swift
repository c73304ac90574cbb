import CodableExplorerRunner
import Foundation
import JSONTree
import Testing

@testable import DecodeWorker
@testable import DecodingEngine
@testable import Teaching

/// The worker process that `check`, `fix` and the explorer decode in: a long decode can be
/// cancelled, a child that dies of a fault is reported as a crash, and one killed from outside
/// as killed (not as a verdict, and not as a JSONDecoder crash).
@Suite("Decode client")
struct DecodeClientTests {
    /// What the background thread saw, handed to the test's thread.
    final class Finished: @unchecked Sendable {
        private let lock = NSLock()
        private let done = DispatchSemaphore(value: 0)
        private var value: (run: DecodeClient.Run, seconds: Double)?

        func set(_ run: DecodeClient.Run, seconds: Double) {
            lock.withLock { value = (run, seconds) }
            done.signal()
        }

        func wait(seconds: Double) -> (run: DecodeClient.Run, seconds: Double)? {
            guard done.wait(timeout: .now() + seconds) == .success else { return nil }
            return lock.withLock { value }
        }
    }

    static let shell = URL(fileURLWithPath: "/bin/sh")
    static let job = DecodeJob(payloadPath: "/dev/null", modelPaths: ["Models.swift"], typeExpression: "Product")

    /// A client whose "worker" is a shell script (it ignores the job).
    static func client(_ script: String) -> DecodeClient {
        DecodeClient(executable: shell, arguments: ["-c", script])
    }

    /// Runs the client on a thread of its own, as the explorer does off its input loop.
    static func start(_ client: DecodeClient) -> Finished {
        let finished = Finished()
        Thread.detachNewThread {
            let start = Date()
            let run = client.run(job)
            finished.set(run, seconds: Date().timeIntervalSince(start))
        }
        return finished
    }

    @Test("cancel ends a running child at once, and run ends with .cancelled")
    func cancelEndsTheChild() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("worker-started-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        // The child says it has started, then sleeps far longer than the test waits.
        let client = Self.client("echo started > '\(marker)'; exec sleep 30")
        let finished = Self.start(client)
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: marker), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        try #require(FileManager.default.fileExists(atPath: marker), "the child never started")

        let cancelledAt = Date()
        client.cancel()
        let result = try #require(finished.wait(seconds: 10), "run did not return within 10 s of cancel()")
        let afterCancel = Date().timeIntervalSince(cancelledAt)
        #expect(result.run.failure == .cancelled, "run ended with \(String(describing: result.run.failure)), not .cancelled")
        #expect(result.run.report == nil)
        #expect(afterCancel < 3, "run returned \(afterCancel) s after cancel()")
        #expect(result.seconds < 10, "the whole run took \(result.seconds) s; the child sleeps 30 s")
    }

    @Test("a client cancelled before it runs starts no child")
    func cancelBeforeRun() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("worker-never-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let client = Self.client("echo started > '\(marker)'")
        client.cancel()
        let run = client.run(Self.job)
        #expect(run.failure == .cancelled, "run ended with \(String(describing: run.failure)), not .cancelled")
        #expect(!FileManager.default.fileExists(atPath: marker), "the child ran")
    }

    @Test("a child that dies of a fault is reported as .crashed with that signal")
    func faultIsACrash() throws {
        let result = try #require(Self.start(Self.client("echo 'about to crash' >&2; kill -SEGV $$")).wait(seconds: 10))
        guard case .crashed(let signal, let message) = result.run.failure else {
            Issue.record("run ended with \(String(describing: result.run.failure)), not .crashed")
            return
        }
        #expect(signal == SIGSEGV)
        #expect(message.contains("about to crash"), "stderr is kept: \(message)")
        #expect(result.run.failure?.description.contains("JSONDecoder crashed") == true)
    }

    @Test("a child killed from outside (SIGKILL, as the OOM killer does) is reported as killed, not as a JSONDecoder crash")
    func sigkillIsKilled() throws {
        let result = try #require(Self.start(Self.client("kill -KILL $$")).wait(seconds: 10))
        guard case .killed(let signal, _) = result.run.failure else {
            Issue.record("run ended with \(String(describing: result.run.failure)), not .killed")
            return
        }
        #expect(signal == SIGKILL)
        let text = try #require(result.run.failure?.description)
        #expect(text.contains("killed") && text.contains("SIGKILL"), "\(text)")
        #expect(!text.contains("JSONDecoder crashed") && !text.contains("would crash"), "\(text)")
    }

    @Test("a child that exits without a reply is reported as broken, with what it said")
    func silentExitIsBroken() throws {
        let result = try #require(Self.start(Self.client("echo 'no can do' >&2; exit 3")).wait(seconds: 10))
        guard case .broken(let status, let message) = result.run.failure else {
            Issue.record("run ended with \(String(describing: result.run.failure)), not .broken")
            return
        }
        #expect(status == 3)
        #expect(message.contains("no can do"))
    }

    @Test("a job survives the trip as JSON: path steps, strategies, mode and teaching")
    func jobRoundTrip() throws {
        var options = DecodeOptions()
        options.allErrors = true
        options.keys = .convertFromSnakeCase
        let job = DecodeJob(
            payloadPath: "/tmp/p.json", modelPaths: ["A.swift", "Models"], typeExpression: "[String: Page<Song>]",
            path: NodePath([.key("data"), .index(2), .keyOrIndex(7)]), options: options,
            mode: .compiled, decoderExpression: "JSONDecoder.api", teaching: .fixes)
        let data = try FrameEncoder().encode(job)
        #expect(try FrameDecoder().decode(DecodeJob.self, from: data) == job)
    }

    /// The worker refuses a job of another version, saying both, before it reads anything else of it.
    @Test("a job of another version is refused")
    func jobOfAnotherVersion() throws {
        // One that reads as this version's but for its number, and one whose fields do not.
        struct OtherJob: Encodable {
            var version = 99
            var payloadPath = 7
        }
        var job = Self.job
        job.version = 99
        let other = try FrameEncoder().encode(OtherJob())
        #expect(throws: DecodingError.self) { try FrameDecoder().decode(DecodeJob.self, from: other) }
        for message in [try FrameEncoder().encode(job), other] {
            let input = Pipe(), output = Pipe()
            input.fileHandleForWriting.write(Data(Frame(kind: WorkerInput.messageKind, body: message).bytes))
            try input.fileHandleForWriting.close()
            let status = DecodeServer.serve(input: input.fileHandleForReading, output: output.fileHandleForWriting) { _ in [] }
            try output.fileHandleForWriting.close()
            #expect(status == 2)
            var reader = WorkerFrames.Reader()
            let replies = try reader.feed([UInt8](output.fileHandleForReading.readDataToEndOfFile())).map(\.reply)
            #expect(replies == [.failure(.job("a decode job of version 99; this worker reads version \(DecodeJob.version)"))])
        }
    }

    @Test("a reply naming another request is not taken for this one's")
    func aReplyToAnotherRequestIsNotBelieved() throws {
        let report = DecodeReport(errors: [], value: nil)
        var bytes = WorkerFrames.header
        bytes += [UInt8](try WorkerFrames.frame(.report(report, PreparedFacts(typeSpelling: "Product", pathText: "$")), request: 7))
        bytes += [UInt8](try WorkerFrames.frame(.end, request: 7))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("frames-\(UUID().uuidString)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = Self.client("cat '\(file.path)'").run(Self.job)  // the job is request 1
        #expect(run.report == nil)
        #expect(run.failure == .broken(status: 0, message: "the decoding worker answered request 7, not 1"))

        // A reply of another request amid one request's parts is refused by the reader itself.
        var mixed = WorkerFrames.header
        WorkerFrames.writeElements(Array("1".utf8), request: 1) { mixed += [UInt8]($0) }
        mixed += [UInt8](try WorkerFrames.frame(.end, request: 2))
        var reader = WorkerFrames.Reader()
        #expect(throws: WorkerFrames.Reader.Problem.self) { try reader.feed(mixed) }
    }

    @Test("frames split anywhere are read back whole and in order")
    func framesSplitAnywhere() throws {
        let replies: [WorkerReply] = [
            .report(DecodeReport(errors: [], value: nil), PreparedFacts(typeSpelling: "[Product]", pathText: "$.items")),
            .value(.array([.object(type: "Product", [.init("name", .string("Ça va")), .init("id", .signed(7))])])),
            .value(nil),
            .teaching(TeachingReport(lessons: [], fixes: [])),
            .failure(.killed(signal: SIGKILL, reason: nil)),
        ]
        var bytes = WorkerFrames.header
        for reply in replies { bytes += [UInt8](try WorkerFrames.frame(reply, request: 1)) }
        for cut in stride(from: 1, to: bytes.count, by: 7) {
            var reader = WorkerFrames.Reader()
            var read = try reader.feed(Array(bytes[..<cut])).map(\.reply)
            read += try reader.feed(Array(bytes[cut...])).map(\.reply)
            #expect(read == replies, "cut at \(cut)")
        }
    }

    @Test("a report of thousands of errors and their lessons cross in parts and are read back whole, in order")
    func manyErrorsCrossInParts() throws {
        let count = WorkerFrames.partSize * 2 + 276
        var (report, teaching, _) = try GroupedTeachingTests.teach(count: count, failing: Set(0..<count))
        report.value = nil  // the value crosses as a reply of its own
        try #require(report.errors.count == count && teaching.lessons.count == count)
        let replies: [WorkerReply] = [.report(report, PreparedFacts(typeSpelling: "[Event]", pathText: "$")), .teaching(teaching)]
        var bytes = WorkerFrames.header
        for reply in replies { bytes += [UInt8](try WorkerFrames.frame(reply, request: 1)) }
        var reader = WorkerFrames.Reader()
        var read: [WorkerReply] = []
        for start in stride(from: 0, to: bytes.count, by: 4_093) {
            read += try reader.feed(Array(bytes[start..<min(start + 4_093, bytes.count)])).map(\.reply)
        }
        #expect(read == replies)
        #expect(reader.isEmpty)
    }

    @Test("a report's errors cross in LocatedErrorsBinary's parts, and a part cut short is refused, not a crash")
    func errorPartsAreBinary() throws {
        let count = WorkerFrames.partSize + 9
        var (report, _, _) = try GroupedTeachingTests.teach(count: count, failing: Set(0..<count))
        report.value = nil
        try #require(report.errors.count == count && report.errors.allSatisfy { $0.property != nil && $0.node != nil })
        let frames = [UInt8](try WorkerFrames.frame(.report(report, PreparedFacts(typeSpelling: "[Event]", pathText: "$")), request: 1))
        // The first frame is a part of 512 errors in the binary form.
        let length = Int(frames[0]) << 24 | Int(frames[1]) << 16 | Int(frames[2]) << 8 | Int(frames[3])
        try #require(frames[4] == 2 && frames[5..<9] == [0, 0, 0, 1])  // the kind, then the request's number
        let body = Array(frames[9..<(4 + length)])
        #expect(try LocatedErrorsBinary.decode(body) == Array(report.errors.prefix(WorkerFrames.partSize)))

        // The same part one byte short, in a frame of its own length.
        let short = UInt32(4 + body.count)
        let cut =
            [UInt8(short >> 24), UInt8(short >> 16 & 0xFF), UInt8(short >> 8 & 0xFF), UInt8(short & 0xFF), 2, 0, 0, 0, 1] + body.dropLast()
        var reader = WorkerFrames.Reader()
        #expect(throws: WorkerFrames.Reader.Problem.self) { try reader.feed(WorkerFrames.header + cut) }
    }

    @Test("a split array's elements cross ahead of the verdict and are put back into the value's text, or dropped")
    func elementsCrossAhead() throws {
        var skeleton: [UInt8] = []
        DecodedValue.object(type: "Page", [.init("items", ValueJSON.placeholder), .init("total", .signed(3))]).write(to: &skeleton)
        let parts = [Array(#"{"id":1},{"id":2}"#.utf8), Array(#"{"id":3}"#.utf8)]
        let facts = PreparedFacts(typeSpelling: "Page", pathText: "$")
        func frames(report: DecodeReport, text: [UInt8]?) throws -> [UInt8] {
            var bytes = WorkerFrames.header
            for part in parts { WorkerFrames.writeElements(part, request: 1) { bytes += [UInt8]($0) } }
            bytes += [UInt8](try WorkerFrames.frame(.report(report, facts), request: 1))
            if let text { bytes += [UInt8](try WorkerFrames.frame(.valueJSON(ValueJSON(text: text)), request: 1)) }
            return bytes
        }
        func read(_ bytes: [UInt8]) throws -> [WorkerReply] {
            var reader = WorkerFrames.Reader()
            var read: [WorkerReply] = []
            for start in stride(from: 0, to: bytes.count, by: 5) {
                read += try reader.feed(Array(bytes[start..<min(start + 5, bytes.count)])).map(\.reply)
            }
            #expect(reader.isEmpty)
            return read
        }
        let ok = DecodeReport(errors: [], value: nil)
        let whole = Array(#"{"items":[{"id":1},{"id":2},{"id":3}],"total":3}"#.utf8)
        #expect(try read(frames(report: ok, text: skeleton)) == [.report(ok, facts), .valueJSON(ValueJSON(text: whole))])
        // The decode went back to the whole payload: its text has no placeholder, and is the value.
        #expect(try read(frames(report: ok, text: whole)) == [.report(ok, facts), .valueJSON(ValueJSON(text: whole))])
        // A verdict that is not a value: no text follows, and what came ahead is dropped.
        let failed = DecodeReport(
            errors: [LocatedDecodingError(kind: .keyNotFound, codingPath: [], debugDescription: "No value associated with key")],
            value: nil)
        #expect(try read(frames(report: failed, text: nil)) == [.report(failed, facts)])
    }
}
