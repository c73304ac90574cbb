import Foundation
import ModelSchema
import TestSupport

@testable import DecodingEngine

/// Compiles models and cases into one program with `swiftc -O`, runs it, and gives one
/// result line per case; renders engine reports in the same line format.
enum Harness {
    static let swiftc = Swiftc.path

    enum Failure: Error, CustomStringConvertible {
        case compile(String)
        case run(String)
        var description: String {
            switch self {
            case .compile(let s): "harness did not compile:\n\(s)"
            case .run(let s): "harness failed:\n\(s)"
            }
        }
    }

    static func compiledResults(models: String, cases: [DifferentialCase]) throws -> [String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("engine-harness-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var main = HarnessSource.support + "\n"
        for c in cases {
            let payload = Data(c.payload.utf8).base64EncodedString()
            main += "do { \(c.decoderSetup); run((\(c.type)).self, \"\(payload)\", d, \(c.harnessPath)) }\n"
        }
        try ("import Foundation\n" + models).write(to: folder.appendingPathComponent("Models.swift"), atomically: true, encoding: .utf8)
        try main.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let compile = try execute(swiftc, ["-O", "Models.swift", "main.swift", "-o", "harness"], in: folder)
        guard compile.status == 0 else { throw Failure.compile(compile.output) }
        let run = try execute(folder.appendingPathComponent("harness").path, [], in: folder)
        guard run.status == 0 else { throw Failure.run(run.output) }
        return run.output.split(separator: "\n").map(String.init)
    }

    static func execute(_ path: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        try ProcessRunner.runCombined(path, arguments, in: folder)
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
