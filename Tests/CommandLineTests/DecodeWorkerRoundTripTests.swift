import DecodeWorker
import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Teaching
import Testing

/// A ``DecodeJob`` through the real `decode-worker` child and back: the verdict is the one the
/// engine gives in this process, the teaching follows it on the same channel, and failures come
/// back typed.
@Suite struct DecodeWorkerRoundTripTests {
    static var sample: URL { FixCommandTests.samples.appendingPathComponent("01-basics") }

    static func job(
        type: String = "ProductCategory", path: NodePath = .root, teaching: DecodeJob.Teaching = .fixes,
        payload: String? = nil
    ) -> DecodeJob {
        DecodeJob(
            payloadPath: payload ?? sample.appendingPathComponent("payload.json").path,
            modelPaths: [sample.appendingPathComponent("Models.swift").path], typeExpression: type, path: path,
            teaching: teaching)
    }

    @Test("the child's verdict equals the engine's in this process, and the lessons follow it")
    func verdictThenTeaching() throws {
        let job = Self.job()
        var order: [String] = []
        var run = DecodeClient.Run()
        FixCommandTests.worker.run(job) { reply in
            run.replies.append(reply)
            switch reply {
            case .report: order.append("report")
            case .teaching: order.append("teaching")
            case .valueJSON: order.append("value")
            case .value: order.append("value tree")
            case .compiling: order.append("compiling")
            case .compiled: order.append("compiled")
            case .end: order.append("end")
            case .nodeValue: order.append("node value")
            case .failure: order.append("failure")
            case .screened: order.append("screened")
            }
        }
        #expect(order == ["report", "value tree", "teaching", "end"])
        let report = try #require(run.report)
        let schema = try Schema.load(paths: job.models.paths)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: job.payloadPath)))
        let here = DecodingEngine(schema: schema).decode(try schema.resolve(job.typeExpression), payload: bytes)
        #expect(report == here)
        #expect(!report.ok)
        #expect(run.facts == PreparedFacts(typeSpelling: "ProductCategory", pathText: "$"))
        let teaching = try #require(run.teaching)
        #expect(teaching.lessons.count == report.errors.count)
        #expect(!teaching.fixes.isEmpty, "the sample's missing key has verified fixes")
    }

    @Test("the explorer's job: the verdict crosses without the value, the value right after it, then the lessons")
    func verdictThenValueThenTeaching() throws {
        var job = Self.job(type: "Product", path: NodePath([.key("products"), .index(0)]))
        job.value = .tree
        var order: [String] = []
        var verdict: DecodeReport?
        var value: DecodedValue??
        FixCommandTests.worker.run(job) { reply in
            switch reply {
            case .report(let report, _): order.append("report"); verdict = report
            case .value(let tree): order.append("value"); value = .some(tree)
            case .teaching: order.append("teaching")
            case .end: order.append("end")
            case .valueJSON, .compiling, .compiled, .failure, .nodeValue, .screened: order.append("\(reply)")
            }
        }
        let report = try #require(verdict)
        // A decode that succeeded is taught too (its "decodes, but" warnings).
        #expect(order == ["report", "value", "teaching", "end"])
        #expect(report.value == nil, "the verdict does not wait for the value")
        let schema = try Schema.load(paths: job.models.paths)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: job.payloadPath)))
        let tree = try JSONTree.parse(bytes)
        let node = try #require(try? job.path.resolve(in: tree).get())
        let here = DecodingEngine(schema: schema).decode(try schema.resolve(job.typeExpression), payload: bytes, tree: tree, at: node)
        #expect(here.value != nil)
        #expect(value == .some(here.value), "the value that follows is the engine's")
    }

    @Test("explanations only: lessons without fixes")
    func explanationsOnly() throws {
        let run = FixCommandTests.worker.run(Self.job(teaching: .explanations))
        let teaching = try #require(run.teaching)
        #expect(teaching.fixes.isEmpty)
        #expect(teaching.lessons.count == run.report?.errors.count)
    }

    @Test("a type the model does not have is a typed model failure, with no verdict")
    func modelFailure() throws {
        let run = FixCommandTests.worker.run(Self.job(type: "Nope"))
        #expect(run.report == nil)
        guard case .model(let reason) = run.failure else {
            Issue.record("ended with \(String(describing: run.failure)), not .model")
            return
        }
        #expect(reason.contains("Nope"), "\(reason)")
    }

    @Test("a path that leads nowhere is a typed failure, with the path and where it stops")
    func payloadFailure() throws {
        let run = FixCommandTests.worker.run(Self.job(path: NodePath([.key("nowhere")])))
        #expect(run.report == nil)
        guard case .pathNotInPayload(let path, let reason) = run.failure else {
            Issue.record("ended with \(String(describing: run.failure)), not .pathNotInPayload")
            return
        }
        #expect(path == "$.nowhere")
        #expect(reason.contains("nowhere"), "\(reason)")
    }

    #if os(Linux)
    @Test("the real worker killed from outside with SIGKILL is reported as killed, not as a JSONDecoder crash")
    func realWorkerKilled() throws {
        // The payload is a FIFO nobody writes: the worker blocks opening it, and is killed there.
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("worker-fifo-\(UUID().uuidString)").path
        try #require(mkfifo(fifo, 0o600) == 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        let client = FixCommandTests.worker
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var run = DecodeClient.Run()
        Thread.detachNewThread {
            run = client.run(Self.job(payload: fifo))
            done.signal()
        }
        var worker: Int32?
        let deadline = Date().addingTimeInterval(20)
        while worker == nil, Date() < deadline {
            worker = client.childProcessID
            if worker == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        let pid = try #require(worker, "the worker child never started")
        // Give it time to read the job and block opening the payload.
        Thread.sleep(forTimeInterval: 0.3)
        kill(pid, SIGKILL)
        try #require(done.wait(timeout: .now() + 20) == .success, "run did not return after the worker was killed")
        #expect(run.report == nil)
        guard case .killed(let signal, _) = run.failure else {
            Issue.record("ended with \(String(describing: run.failure)), not .killed")
            return
        }
        #expect(signal == SIGKILL)
        #expect(run.failure?.description.contains("JSONDecoder crashed") == false)
    }

    #endif
}
