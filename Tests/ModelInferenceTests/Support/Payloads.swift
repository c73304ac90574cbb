import Foundation
import TestSupport

/// Where the payloads the round trip runs on live: the guided tour in SamplePayloads/, and
/// real API responses in Tests/Fixtures/realworld/payloads (sources and licences in its SOURCES.md).
enum Payloads {
    static let samplesFolder = Repository.samplePayloads
    static let realWorldFolder = Repository.fixtures.appendingPathComponent("realworld/payloads")

    /// `SamplePayloads/*/payload.json`, by scenario.
    static var samples: [(name: String, url: URL)] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: samplesFolder.path)) ?? []
        return folders.filter { $0.first?.isNumber == true }.sorted().map {
            ($0, samplesFolder.appendingPathComponent($0).appendingPathComponent("payload.json"))
        }
    }

    /// Every file in Tests/Fixtures/realworld/payloads (empty when the folder is: the test
    /// that counts them fails then).
    static var realWorld: [(name: String, url: URL)] {
        let files = (try? Repository.files(in: realWorldFolder, endingWith: ".json")) ?? []
        return files.map { ($0.lastPathComponent, $0) }
    }

    static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }
}
