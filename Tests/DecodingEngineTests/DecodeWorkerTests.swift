import Foundation
import Testing
@testable import DecodingEngine

/// The worker process that `check` and the explorer decode in: a long decode can be
/// cancelled, and a child that dies of a signal is reported as a crash, not as a verdict.
@Suite("Decode worker")
struct DecodeWorkerTests {
    /// What the background thread saw, handed to the test's thread.
    final class Finished: @unchecked Sendable {
        private let lock = NSLock()
        private let done = DispatchSemaphore(value: 0)
        private var value: (outcome: DecodeWorker.Outcome, seconds: Double)?

        func set(_ outcome: DecodeWorker.Outcome, seconds: Double) {
            lock.withLock { value = (outcome, seconds) }
            done.signal()
        }

        func wait(seconds: Double) -> (outcome: DecodeWorker.Outcome, seconds: Double)? {
            guard done.wait(timeout: .now() + seconds) == .success else { return nil }
            return lock.withLock { value }
        }
    }

    static let shell = URL(fileURLWithPath: "/bin/sh")

    /// Runs the worker on a thread of its own, as the explorer does off its input loop.
    static func start(_ worker: DecodeWorker, _ script: String) -> Finished {
        let finished = Finished()
        Thread.detachNewThread {
            let start = Date()
            let outcome = worker.run(executable: shell, arguments: ["-c", script])
            finished.set(outcome, seconds: Date().timeIntervalSince(start))
        }
        return finished
    }

    @Test("cancel ends a running child at once, and run returns .cancelled")
    func cancelEndsTheChild() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("worker-started-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let worker = DecodeWorker()
        // The child says it has started, then sleeps far longer than the test waits.
        let finished = Self.start(worker, "echo started > '\(marker)'; exec sleep 30")
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: marker), Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        try #require(FileManager.default.fileExists(atPath: marker), "the child never started")

        let cancelledAt = Date()
        worker.cancel()
        let result = try #require(finished.wait(seconds: 10), "run did not return within 10 s of cancel()")
        let afterCancel = Date().timeIntervalSince(cancelledAt)
        guard case .cancelled = result.outcome else {
            Issue.record("run returned \(result.outcome), not .cancelled")
            return
        }
        #expect(afterCancel < 3, "run returned \(afterCancel) s after cancel()")
        #expect(result.seconds < 10, "the whole run took \(result.seconds) s; the child sleeps 30 s")
    }

    @Test("a worker cancelled before it runs starts no child")
    func cancelBeforeRun() throws {
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("worker-never-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: marker) }
        let worker = DecodeWorker()
        worker.cancel()
        let outcome = worker.run(executable: Self.shell, arguments: ["-c", "echo started > '\(marker)'"])
        guard case .cancelled = outcome else {
            Issue.record("run returned \(outcome), not .cancelled")
            return
        }
        #expect(!FileManager.default.fileExists(atPath: marker), "the child ran")
    }

    @Test("a child killed by a signal is reported as .crashed with that signal")
    func signalIsACrash() throws {
        let worker = DecodeWorker()
        let result = try #require(Self.start(worker, "echo 'about to crash' >&2; kill -SEGV $$").wait(seconds: 10))
        guard case .crashed(let signal, let message) = result.outcome else {
            Issue.record("run returned \(result.outcome), not .crashed")
            return
        }
        #expect(signal == SIGSEGV)
        #expect(message.contains("about to crash"), "stderr is kept: \(message)")
    }
}
