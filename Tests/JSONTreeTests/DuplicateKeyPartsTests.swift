import Foundation
import Testing

@testable import JSONTree

/// A large payload's duplicate keys are searched in parts on several threads: the answer must be
/// the one-thread answer, whatever the parts (boundaries fall inside objects, between a key and
/// its repeat, inside a large object).
@Suite struct DuplicateKeyPartsTests {
    /// Objects small and large, with repeats spelled plainly, escaped, in NFD, and three times.
    static let payload: [UInt8] = {
        var records: [String] = []
        for n in 0..<400 {
            switch n % 5 {
            case 0: records.append(#"{"id": \#(n), "name": "a", "id": 2}"#)
            case 1: records.append(#"{"id": \#(n), "\u0069d": 3, "tags": [{"k": 1, "k": 2, "k": 3}]}"#)
            case 2: records.append("{\"caf\u{E9}\": \(n), \"cafe\u{301}\": 1, \"z\": null}")
            case 3:
                // More than 32 members: the sorted search.
                let keys = (0..<40).map { "\"key\($0 % 37)\": \($0)" }
                records.append("{" + keys.joined(separator: ", ") + "}")
            default: records.append(#"{"id": \#(n), "nested": {"a": {"b": 1, "b": {"c": 1, "c": 2}}}}"#)
            }
        }
        return Array(("{\"data\": [\n" + records.joined(separator: ",\n") + "\n], \"data\": 1}").utf8)
    }()

    static func parse(parts: Int) throws -> JSONTree {
        try DuplicateKeyFinder.$forcedParts.withValue(parts) { try JSONTree.parse(payload) }
    }

    static func described(_ issue: JSONIssue) -> String {
        "\(issue.node) \(issue.location) \(issue.message) \(issue.isUnderRepeatedKey)"
    }

    @Test(arguments: [2, 3, 7, 64, 1000])
    func partsFindWhatOneThreadFinds(parts: Int) throws {
        let alone = try Self.parse(parts: 1)
        let split = try Self.parse(parts: parts)
        // Per five records: id; \u0069d and k twice; café; key0-key2; b and c. And the root's "data".
        #expect(alone.warnings.count == 80 * (1 + 3 + 1 + 3 + 2) + 1)
        #expect(split.issues.map(Self.described) == alone.issues.map(Self.described))
        let flagged = (0..<alone.nodeCount).filter { alone.isDuplicateKey($0) }
        #expect((0..<split.nodeCount).filter { split.isDuplicateKey($0) } == flagged)
        #expect((0..<split.nodeCount).filter { split.hasIssue($0) } == (0..<alone.nodeCount).filter { alone.hasIssue($0) })
    }
}
