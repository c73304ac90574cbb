import Foundation
import TestSupport

/// JSONTestSuite (MIT, see its LICENSE) as copied into Tests/Fixtures/JSONTestSuite.
enum TestSuiteFixtures {
    static let repositoryRoot = Repository.root
    static let testSuite = Repository.fixtures.appendingPathComponent("JSONTestSuite")
    static let testParsing = testSuite.appendingPathComponent("test_parsing")

    /// Every file of JSONTestSuite's test_parsing with Foundation's verdict.
    /// Throws when the corpus is missing, so no test passes over zero files.
    static func foundationVerdicts() throws -> [(file: String, accepted: Bool)] {
        _ = try Repository.files(in: testParsing, endingWith: ".json")
        let tsv = try String(contentsOf: testSuite.appendingPathComponent("foundation-verdicts.tsv"), encoding: .utf8)
        return tsv.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t")
            guard fields.count == 2 else { return nil }
            return (String(fields[0]), fields[1] == "ACCEPT")
        }
    }

    static func bytes(_ url: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: url)) }
}
