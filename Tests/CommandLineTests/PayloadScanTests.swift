import DecodeWorker
import Foundation
import Testing

@testable import CodableExplorerCommands
@testable import CommandRuns

/// The worker reads and scans the payload on a thread of its own while it parses the model
/// (`PayloadScan`): what it says when one of them cannot be read is what it said when it read
/// them one after the other.
@Suite struct PayloadScanTests {
    static func failure(_ arguments: [String]) throws -> WorkerFailure? {
        do {
            _ = try CheckCommandTests.job(arguments)
            return nil
        } catch CommandFailure.worker(let failure) {
            return failure
        }
    }

    /// A missing payload with a model whose type does not resolve (the model's failure), and with
    /// one whose type does (the payload's).
    @Test(
        "a model that does not resolve is said before a payload that cannot be read; with a model that does, the payload's failure",
        arguments: [("NoSuchType", true), ("ProductCategory", false)])
    func modelFirstThenThePayload(type: String, modelFails: Bool) throws {
        let dir = try CheckCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = dir.appendingPathComponent("Models.swift").path
        let missing = dir.appendingPathComponent("missing.json").path
        let failure = try #require(try Self.failure([missing, "--model", model, "--type", type]))
        switch failure {
        case .model: #expect(modelFails, "the payload's failure was expected, got \(failure)")
        case .payload: #expect(!modelFails, "the model's failure comes first, got \(failure)")
        default: Issue.record("a model or payload failure, got \(failure)")
        }
    }
}
