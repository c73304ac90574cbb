import Foundation
import Testing

@testable import JSONTree

/// The scanner's verdict is Foundation's, on every file of JSONTestSuite.
@Suite struct ConformanceTests {
    @Test func everyFileGetsFoundationsVerdict() throws {
        let verdicts = try TestSuiteFixtures.foundationVerdicts()
        #expect(verdicts.count == 318)
        var disagreements: [String] = []
        for (file, accepted) in verdicts {
            let bytes = try TestSuiteFixtures.bytes(TestSuiteFixtures.testParsing.appendingPathComponent(file))
            let ours: Bool
            do {
                ours = try JSONTree.parse(bytes).isAcceptedByJSONDecoder
            } catch {
                ours = false
            }
            if ours != accepted { disagreements.append("\(file): Foundation \(accepted ? "accepts" : "rejects")") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    @Test func trailingCommasAreAcceptedWithAWarning() throws {
        for file in ["n_array_extra_comma.json", "n_array_number_and_comma.json", "n_object_trailing_comma.json"] {
            let tree = try JSONTree.parse(try TestSuiteFixtures.bytes(TestSuiteFixtures.testParsing.appendingPathComponent(file)))
            #expect(tree.isAcceptedByJSONDecoder)
            #expect(tree.warnings.map(\.kind) == [.trailingComma], "\(file)")
        }
    }

    @Test func rejectedFilesSayWhereAndWhy() throws {
        var silent: [String] = []
        for (file, accepted) in try TestSuiteFixtures.foundationVerdicts() where !accepted {
            let bytes = try TestSuiteFixtures.bytes(TestSuiteFixtures.testParsing.appendingPathComponent(file))
            do {
                let tree = try JSONTree.parse(bytes)
                if tree.errors.isEmpty { silent.append(file) }
                for error in tree.errors where error.message.isEmpty || error.location.line < 1 { silent.append(file) }
            } catch {
                if error.message.isEmpty || error.location.line < 1 || error.location.column < 1 { silent.append(file) }
            }
        }
        #expect(silent.isEmpty, "\(silent)")
    }
}
