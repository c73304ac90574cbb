import DecodeWorker
import DecodingEngine
import Foundation
import TestSupport
import Testing

/// A session's jobs sent together (``DecodeSession/together(_:)``): the worker reads the ones waiting
/// while it serves the first and puts their runner jobs on the runner's channel behind it
/// (``KeptRunner``), and each job is still answered as it is when it goes alone, whatever the model's
/// code prints, throws, traps on or exits with.
@Suite struct SessionAheadTests {
    static let bodies = [
        #"{"id": 1}"#, #"{"id": "2"}"#, #"{"id": 3}"#, #"{"id": 4, "act": "trap"}"#, #"{"id": 5}"#, #"{"id": 6, "act": "exit"}"#,
        #"{"id": 7}"#, #"{"id": 8}"#,
    ]

    /// What a job's replies say, as compared: the verdict and errors, what the model printed (its
    /// runner's process id left out), or the failure.
    static func answer(_ run: DecodeClient.Run) -> String {
        let printed = { (text: String) in
            text.replacingOccurrences(of: #"process \d+"#, with: "process P", options: .regularExpression)
        }
        if let report = run.report {
            let output = report.modelOutput.map { printed($0.standardError.text) } ?? ""
            return "ok \(report.ok) \(report.errors.map(\.heading)) [\(output)]"
        }
        return "failure: \(printed(run.failure?.description ?? "none"))"
    }

    @Test func jobsSentTogetherAreAnsweredAsEachIsAlone() throws {
        let dir = try CaptureCheckTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let jobs = try Self.bodies.enumerated().map { index, body in
            try CaptureCheckTests.watchedJob("\(index).json", body, in: dir, timeLimit: 30)
        }
        let alone = jobs.map { job in
            let session = CaptureCheckTests.session()
            defer { session.close() }
            return Self.answer(session.run(job))
        }
        #expect(alone[0] == "ok true [] [process P decodes 1\n]")
        #expect(alone[1] == "ok false [\"typeMismatch at id\"] []")
        #expect(alone[3].hasPrefix("failure: ") && alone[3].contains("entry 4 traps"), "\(alone[3])")
        #expect(alone[5].hasPrefix("failure: "), "\(alone[5])")

        let session = CaptureCheckTests.session()
        defer { session.close() }
        // The first alone (the worker finds the runner with it), then the rest together.
        let first = session.submit(jobs[0])
        let firstAnswer = Self.answer(session.collect(first))
        let tickets = session.together { jobs.dropFirst().map { session.submit($0) } }
        let together = [firstAnswer] + tickets.map { Self.answer(session.collect($0)) }
        #expect(together == alone)
        #expect(session.childrenStarted == 1, "one worker served them all")
    }

    /// The last jobs of a session, still out when it says so (``DecodeSession/lastJobSent()``): the
    /// worker answers them all, then exits with its runner before the session waits for it; a job sent
    /// before they are collected is refused, and one sent after goes to a new worker.
    @Test func aWorkerToldItHasTheLastJobsAnswersThemAndGoes() throws {
        let dir = try CaptureCheckTests.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let session = CaptureCheckTests.session()
        defer { session.close() }
        let warm = session.run(try CaptureCheckTests.watchedJob("warm.json", #"{"id": 0}"#, in: dir))
        #expect(warm.report?.ok == true, "\(String(describing: warm.failure))")
        let worker = try #require(session.childProcessID)
        let runner = try #require(ProcessTable.descendants(of: worker, matching: "runner-").first)
        let tickets = try session.together {
            try (1...4).map { session.submit(try CaptureCheckTests.watchedJob("\($0).json", "{\"id\": \($0)}", in: dir)) }
        }
        session.lastJobSent()
        let refused = session.submit(try CaptureCheckTests.watchedJob("late.json", #"{"id": 9}"#, in: dir))
        #expect(session.collect(refused).failure != nil, "a job after the last, while those are out, is refused")
        for (index, ticket) in tickets.enumerated() {
            #expect(Self.answer(session.collect(ticket)) == "ok true [] [process P decodes \(index + 1)\n]")
        }
        try CaptureCheckTests.expectGoneThenAnother(session, worker: worker, runner: runner, in: dir, after: "answering the last jobs")
    }
}
