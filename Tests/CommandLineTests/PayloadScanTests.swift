import DecodeWorker
import Foundation
import Testing

@testable import codable_explorer

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

    @Test("a model that does not resolve is said before a payload that cannot be read")
    func modelFirst() throws {
        let dir = try CheckCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = dir.appendingPathComponent("Models.swift").path
        let missing = dir.appendingPathComponent("missing.json").path
        let failure = try #require(try Self.failure([missing, "--model", model, "--type", "NoSuchType"]))
        guard case .model = failure else {
            Issue.record("the model's failure comes first, got \(failure)")
            return
        }
    }

    @Test("a payload that cannot be read, with a model that does, is the payload's failure")
    func thenThePayload() throws {
        let dir = try CheckCommandTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = dir.appendingPathComponent("Models.swift").path
        let missing = dir.appendingPathComponent("missing.json").path
        let failure = try #require(try Self.failure([missing, "--model", model, "--type", "ProductCategory"]))
        guard case .payload = failure else {
            Issue.record("the payload's failure, got \(failure)")
            return
        }
    }
}
