import Foundation
import ModelSchema
import TestSupport

@testable import DecodingEngine

/// Foundation's verdicts on the cases (``FoundationOracle``, with `swiftc -O`), and engine reports
/// rendered in the same line format.
enum Harness {
    static func compiledResults(models: String, cases: [DifferentialCase]) throws -> [String] {
        try FoundationOracle.verdicts(
            files: ["Models.swift": "import Foundation\n" + models], cases: cases.map(\.oracleCase), flags: ["-O"]
        )
        .map(\.line)
    }

    /// The engine's verdict in the harness's line format.
    static func line(_ report: DecodeReport) -> String {
        if let failure = report.failure { return "engine failure: \(failure)" }
        if let value = report.value, report.ok { return "{\"ok\":true,\"value\":\(value.json)}" }
        guard let e = report.errors.first else { return "no error and no value" }
        return line(e)
    }

    /// One located error in the harness's line format.
    static func line(_ e: LocatedDecodingError) -> String {
        let path =
            "["
            + e.codingPath.map { c -> String in
                switch c {
                case .index(let i): String(i)
                case .key(let k): DecodedValue.string(k).json
                }
            }.joined(separator: ",") + "]"
        var out = "{\"ok\":false,\"kind\":\(DecodedValue.string(e.kind.rawValue).json),\"codingPath\":\(path)"
        if let key = e.key { out += ",\"key\":\(DecodedValue.string(key).json)" }
        if let t = e.expectedType { out += ",\"expectedType\":\(DecodedValue.string(t).json)" }
        out += ",\"debugDescription\":\(DecodedValue.string(e.debugDescription).json)}"
        return out
    }
}
