import Foundation
import TestSupport
import Testing

/// `check --all-errors` in compiled mode on an array or dictionary of a hand-written type: every failing
/// element, held to Foundation decoding that element on its own with the same compiled type, element by
/// element (kind, coding path under the element, key, error type, words), and located on its line.
@Suite(.serialized) struct CompiledAllErrorsTests {
    struct Case: Sendable {
        var type: String
        var element: String
        /// Each element's JSON text, with its key when the payload is a dictionary.
        var elements: [(key: String?, text: String)]
        var payload: String {
            if elements.first?.key != nil {
                return "{\n" + elements.map { "  \"\($0.key!)\": \($0.text)" }.joined(separator: ",\n") + "\n}"
            }
            return "[\n" + elements.map { "  " + $0.text }.joined(separator: ",\n") + "\n]"
        }
    }

    static let cases: [Case] = [
        Case(
            type: "[Animal]", element: "Animal",
            elements: [
                (nil, #"{"type": "dog", "barks": 3}"#), (nil, #"{"type": "cow"}"#), (nil, #"{"type": "cat", "lives": "nine"}"#),
                (nil, #"{"type": "cat", "lives": 9}"#), (nil, #"{"barks": 1}"#),
            ]),
        Case(
            type: "[String: Animal]", element: "Animal",
            elements: [
                ("a", #"{"type": "dog", "barks": 3}"#), ("b", #"{"type": "cow"}"#), ("c", #"{"type": "cat", "lives": "x"}"#),
            ]),
        Case(
            type: "[Sandwich]", element: "Sandwich",
            elements: [
                (nil, #"{"spice": 3}"#), (nil, #"{"spice": 9}"#), (nil, #"{"spice": "x"}"#), (nil, #"{"spice": 1, "note": 4}"#),
            ]),
        Case(
            type: "[Flattened]", element: "Flattened",
            elements: [
                (nil, #"{"id": 1, "profile": {"name": "A", "address": {"city": "B"}}}"#),
                (nil, #"{"id": 2, "profile": {"name": "A", "address": {"town": "B"}}}"#),
                (nil, #"{"id": 3, "profile": {"name": 7, "address": {"city": "B"}}}"#),
            ]),
    ]

    /// Foundation's answer for each element decoded on its own (``FoundationOracle``), per case.
    static let oracle: Result<[[FoundationOracle.Verdict]], CompiledModeTests.OracleError> = Result {
        let model = try String(contentsOf: CompiledModeTests.fixtures.appendingPathComponent("HandWritten.swift"), encoding: .utf8)
        let all = try FoundationOracle.verdicts(
            files: ["HandWritten.swift": model],
            cases: cases.flatMap { c in c.elements.map { FoundationOracle.Case(type: c.element, payload: .text($0.text)) } },
            flags: ["-module-name", "Models"])
        var start = 0
        return cases.map { c in
            defer { start += c.elements.count }
            return Array(all[start..<start + c.elements.count])
        }
    }.mapError { CompiledModeTests.OracleError(text: "\($0)") }

    static func json(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    @Test("every failing element, as Foundation decodes that element on its own", arguments: Array(cases.indices))
    func everyFailingElement(_ index: Int) throws {
        let c = Self.cases[index]
        let oracle = try Self.oracle.get()
        try #require(oracle.count == Self.cases.count)
        let perElement = oracle[index]
        try #require(perElement.count == c.elements.count)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-all-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try c.payload.write(to: dir.appendingPathComponent("payload.json"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: CompiledModeTests.fixtures.appendingPathComponent("HandWritten.swift"),
            to: dir.appendingPathComponent("HandWritten.swift"))
        let arguments = ["check", "payload.json", "--model", "HandWritten.swift", "--type", c.type, "--format", "json"]
        let all = try CompiledModeTests.run(FixCommandTests.binary.path, arguments + ["--all-errors"], in: dir)
        let first = try CompiledModeTests.run(FixCommandTests.binary.path, arguments, in: dir)
        #expect(all.status == 1, "\(all.err)")
        let output = try #require(try JSONSerialization.jsonObject(with: Data(all.out.utf8)) as? [String: Any], "\(all.err)")
        #expect(output["mode"] as? String == "compiled")
        let errors = try #require(output["errors"] as? [[String: Any]])
        // How they were found: each element on its own, one decode each after the payload's.
        let search = try #require(output["allErrorsSearch"] as? [String: Any])
        #expect(search["method"] as? String == "eachElement")
        #expect(search["decodes"] as? Int == 1 + c.elements.count)
        // Expected: each failing element's error, its coding path under the element's index or key.
        var expected: [String] = []
        var lines: [Int] = []
        for (j, verdict) in perElement.enumerated() where !verdict.ok {
            var object = CompiledModeTests.comparable(verdict)
            let step: Any = c.elements[j].key ?? j
            if object["kind"] as? String != "other" {
                object["codingPath"] = [step] + (object["codingPath"] as? [Any] ?? [])
            } else {
                object["codingPath"] = [Any]()
            }
            expected.append(try Self.json(object))
            lines.append(j + 2)  // one element per line, after the opening bracket
        }
        let mine = try errors.map { error -> String in
            var object: [String: Any] = [:]
            for field in ["kind", "key", "debugDescription", "errorType", "codingPath"] { object[field] = error[field] }
            return try Self.json(object)
        }
        #expect(Set(mine) == Set(expected))
        #expect(mine.count == expected.count)
        // Foundation's own error (the first-error check's) comes first. For a dictionary, which element
        // Foundation decodes first changes from one process to the next (Swift's per-process hash seed).
        let firstOutput = try #require(try JSONSerialization.jsonObject(with: Data(first.out.utf8)) as? [String: Any])
        let firstError = try #require((firstOutput["errors"] as? [[String: Any]])?.first)
        if c.elements.first?.key == nil {
            #expect(errors.first?["debugDescription"] as? String == firstError["debugDescription"] as? String)
            #expect(errors.first?["codingPath"] as? [AnyHashable] == firstError["codingPath"] as? [AnyHashable])
        }
        // Each on its element's line (keyNotFound: the object lacking the key; others: inside the element).
        #expect(Set(errors.compactMap { $0["line"] as? Int }) == Set(lines))
    }
}
