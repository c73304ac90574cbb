import Foundation

/// Where the payloads the round trip runs on live: the guided tour in SamplePayloads/, and
/// real API responses in ../shared/realworld/payloads beside the repository.
enum Payloads {
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    static let samplesFolder = repositoryRoot.appendingPathComponent("SamplePayloads")
    static let realWorldFolder = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/realworld/payloads")

    /// `SamplePayloads/*/payload.json`, by scenario.
    static var samples: [(name: String, url: URL)] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: samplesFolder.path)) ?? []
        return folders.filter { $0.first?.isNumber == true }.sorted().map {
            ($0, samplesFolder.appendingPathComponent($0).appendingPathComponent("payload.json"))
        }
    }

    /// Every file in ../shared/realworld/payloads.
    static var realWorld: [(name: String, url: URL)] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: realWorldFolder.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.sorted().map { ($0, realWorldFolder.appendingPathComponent($0)) }
    }

    static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }
}
