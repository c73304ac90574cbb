import Foundation

/// Paths to the team's shared material (`../shared` beside the repository).
enum SharedFixtures {
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    static let shared = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared")
    static let testSuite = shared.appendingPathComponent("conformance/JSONTestSuite")
    static let testParsing = testSuite.appendingPathComponent("test_parsing")

    /// Every file of JSONTestSuite's test_parsing with Foundation's verdict.
    static func foundationVerdicts() throws -> [(file: String, accepted: Bool)] {
        let tsv = try String(contentsOf: testSuite.appendingPathComponent("foundation-verdicts.tsv"), encoding: .utf8)
        return tsv.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t")
            guard fields.count == 2 else { return nil }
            return (String(fields[0]), fields[1] == "ACCEPT")
        }
    }

    static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }
}
