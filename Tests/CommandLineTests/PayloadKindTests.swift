import ArgumentParser
import Foundation
import JSONTree
import Testing

@testable import CodableExplorerCommands
@testable import CommandRuns

/// A file's name says how `validate` and the explorer read it: `.jsonl` / `.ndjson` as JSON
/// Lines (which JSONDecoder alone rejects whole), `.json5` as JSON5.
@Suite struct PayloadKindTests {
    @Test(arguments: [
        ("log.jsonl", PayloadKind.jsonLines), ("LOG.NDJSON", .jsonLines), ("conf.json5", .json5), ("p.json", .json), ("-", .json),
    ])
    func theSuffixDecides(name: String, kind: PayloadKind) {
        #expect(PayloadKind(path: name) == kind)
    }

    @Test func validateSaysItReadJSONLinesAndThatTheFileWholeIsNotOneDocument() throws {
        let file = try ValidateCommandTests.temporaryFile("{\"a\": 1}\n{\"a\": 2}\n{\"a\": 3}\n", name: "log.jsonl")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: file)))
        let report = ValidationReport(payload: bytes, options: .init(jsonLines: PayloadKind(path: file) == .jsonLines ? .on : .off))
        let summary = report.text(file: "log.jsonl", payload: bytes)
        #expect(
            summary == "log.jsonl: valid JSON Lines: JSONDecoder accepts each line as a document "
                + "(it rejects the file read whole, so decode it line by line); read as JSON Lines: 3 records, UTF-8; 0 errors, 0 warnings")
        // And that is so: the file whole is not one document for JSONDecoder.
        #expect(throws: (any Error).self) { try JSONDecoder().decode([String: Int].self, from: Data(bytes)) }
        #expect(try ValidateCommandTests.exitCode(["validate", file]) == 0)
    }

    @Test func aJSON5FileIsReadAsJSON5WithoutTheFlag() throws {
        let file = try ValidateCommandTests.temporaryFile("{a: 1, // note\n b: [1, 2,],}\n", name: "conf.json5")
        #expect(try ValidateCommandTests.exitCode(["validate", file]) == 0)
        let plain = try ValidateCommandTests.temporaryFile("{a: 1, // note\n b: [1, 2,],}\n", name: "conf.json")
        #expect(try ValidateCommandTests.exitCode(["validate", plain]) == 1)
        // JSONDecoder agrees: with allowsJSON5 it reads the file.
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        #expect(throws: Never.self) { try decoder.decode([String: AnyDecodable].self, from: Data("{a: 1, // note\n b: [1, 2,],}\n".utf8)) }
    }

    @Test func theExplorerTakesJSONLines() throws {
        var command = try CodableExplorer.parseAsRoot(["--json-lines", "x.txt"])
        #expect((command as? Explore)?.jsonLines == true)
        _ = command
    }
}

/// Decodes any JSON value (for checking that a document is read at all).
private struct AnyDecodable: Decodable {
    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            while !array.isAtEnd { _ = try array.decode(AnyDecodable.self) }
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            for key in object.allKeys { _ = try object.decode(AnyDecodable.self, forKey: key) }
        } else {
            _ = try decoder.singleValueContainer()
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
