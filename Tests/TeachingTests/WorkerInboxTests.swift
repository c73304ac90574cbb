import CodableExplorerRunner
import Foundation
import JSONTree
import Testing

@testable import DecodeWorker

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The worker's input with the jobs already there read ahead (``WorkerInbox``): they are served in
/// order, each with its own attached payload; reading ahead never waits, stops after a job whose
/// value is asked for on demand (its queries are read as they come), and a frame that cannot be read
/// is said in its turn.
@Suite struct WorkerInboxTests {
    static func job(_ name: String, attached: Bool = false, value: DecodeJob.ValueDelivery = .none) -> DecodeJob {
        var job = DecodeJob(payloadPath: name, modelPaths: ["Models.swift"], typeExpression: "User", value: value)
        job.payloadAttached = attached
        return job
    }

    /// A pipe holding `bytes`, its writing end closed unless `open`; its reading end.
    static func input(_ bytes: Data, open: Bool = false) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        _ = bytes.withUnsafeBytes { write(fds[1], $0.baseAddress, $0.count) }
        if !open {
            close(fds[1])
            fds[1] = -1
        }
        return (fds[0], fds[1])
    }

    static func name(_ message: [UInt8]?) throws -> String? {
        try message.map { try FrameDecoder().decode(DecodeJob.self, from: $0).payloadPath }
    }

    /// The jobs planning goes through (each gone through, nothing kept but for those `later` names).
    static func planned(_ inbox: WorkerInbox, later: Set<String> = []) -> [String] {
        var seen: [String] = []
        inbox.plan { job in
            seen.append(job.payloadPath)
            return later.contains(job.payloadPath) ? .later : .none
        }
        return seen
    }

    @Test func jobsReadAheadAreServedInOrderWithTheirOwnPayloads() throws {
        var bytes = try WorkerInput.frame(Self.job("a"))
        bytes += try WorkerInput.frame(Self.job("b", attached: true)) + WorkerInput.payloadHeader(count: 3) + Data("{b}".utf8)
        bytes += try WorkerInput.frame(Self.job("c"))
        let (fd, _) = Self.input(bytes)
        defer { close(fd) }
        let inbox = WorkerInbox(descriptor: fd)
        #expect(try Self.name(inbox.next()) == "a")
        inbox.readAhead()
        #expect(Self.planned(inbox, later: ["c"]) == ["b", "c"])
        #expect(Self.planned(inbox) == ["c"], "each job is gone through for planning once, one left for later again")
        #expect(try Self.name(inbox.next()) == "b")
        #expect(try inbox.payload() == Array("{b}".utf8))
        #expect(try Self.name(inbox.next()) == "c")
        #expect(try inbox.next() == nil, "the input ended after the last job")
    }

    @Test func readingAheadNeverWaitsAndStopsAfterAJobWithQueries() throws {
        var bytes = try WorkerInput.frame(Self.job("a"))
        bytes += try WorkerInput.frame(Self.job("d", value: .onDemand))
        bytes += try WorkerInput.frame(ValueQuery(id: 1, path: .root))
        let (fd, writer) = Self.input(bytes, open: true)
        defer {
            close(fd)
            close(writer)
        }
        let inbox = WorkerInbox(descriptor: fd)
        #expect(try Self.name(inbox.next()) == "a")
        inbox.readAhead()
        #expect(Self.planned(inbox) == ["d"], "the query after the job asked on demand is not read ahead")
        // Nothing more is there (the input is still open): reading ahead returns at once.
        inbox.readAhead()
        #expect(try Self.name(inbox.next()) == "d")
        let query = try #require(try WorkerInput.next(from: fd))
        #expect(try FrameDecoder().decode(ValueQuery.self, from: query).id == 1)
    }

    @Test func aFrameThatCannotBeReadIsSaidInItsTurn() throws {
        var bytes = try WorkerInput.frame(Self.job("a"))
        bytes += try WorkerInput.frame(Self.job("b"))
        bytes += Data([0, 0, 0, 9, 0, 1, 2])
        let (fd, _) = Self.input(bytes)
        defer { close(fd) }
        let inbox = WorkerInbox(descriptor: fd)
        #expect(try Self.name(inbox.next()) == "a")
        inbox.readAhead()
        #expect(try Self.name(inbox.next()) == "b")
        #expect(throws: WorkerInput.Problem.self) { try inbox.next() }
    }
}
