import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import TestSupport

@testable import Teaching

/// Compiles fixed models with `swiftc` and decodes the payloads with Foundation's JSONDecoder
/// (``FoundationOracle``): one program for every case, each case's model in its own namespace
/// (an enum), the helper types once at top level. One line per case: `ok` or
/// `error <kind> <codingPath>` (and the key, for keyNotFound).
enum FixHarness {
    struct Case {
        var name: String
        var sample: Sample
        var fix: Fix
        /// The error the fix was offered for.
        var target: LocatedDecodingError
    }

    /// The outcome line of each case, in order.
    static func run(_ cases: [Case]) throws -> [String] {
        var files = [
            "Helpers.swift": "import Foundation\n\n"
                + [HelperSource.losslessValue, .emptyAsNil, .lossyArray].map(\.code).joined(separator: "\n")
        ]
        var asked: [FoundationOracle.Case] = []
        for (i, c) in cases.enumerated() {
            let (source, oracleCase) = try program(c, name: "Case\(i)")
            files["Case\(i).swift"] = source
            asked.append(oracleCase)
        }
        let verdicts = try FoundationOracle.verdicts(files: files, cases: asked, flags: ["-Onone", "-swift-version", "5"])
        return zip(cases, verdicts).map { c, verdict in "\(c.name) " + line(verdict) }
    }

    /// `ok`, or `error <kind> <codingPath>` and the key for keyNotFound (the format of
    /// `FixCompilationTests.harnessLine`).
    static func line(_ verdict: FoundationOracle.Verdict) -> String {
        guard !verdict.ok else { return "ok" }
        let path = verdict.codingPath.map { step in
            switch step {
            case .key(let k): "." + k
            case .index(let i): "[\(i)]"
            }
        }
        return "error \(verdict.kind ?? "unknown") \(path.joined())" + (verdict.key.map { " " + $0 } ?? "")
    }

    /// One case: the fixed model (helpers removed: they are compiled once) in a namespace of its
    /// own, the decoder as the sample and the fix set it, and the decode call the fix asks for.
    static func program(_ c: Case, name: String) throws -> (source: String, case: FoundationOracle.Case) {
        let modelPath = c.sample.folder.appendingPathComponent("Models.swift").path
        var models = try String(contentsOfFile: modelPath, encoding: .utf8)
        if let change = c.fix.changes.first(where: { $0.path == modelPath }) { models = change.edited }
        for helper in [HelperSource.losslessValue, .emptyAsNil, .lossyArray] {
            models = models.replacingOccurrences(of: helper.code, with: "")
        }
        models = models.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
        let options = c.sample.context.options
        var setup: [String] = []
        if options.keys == .convertFromSnakeCase { setup.append("decoder.keyDecodingStrategy = .convertFromSnakeCase") }
        switch options.dates {
        case .iso8601: setup.append("decoder.dateDecodingStrategy = .iso8601")
        case .secondsSince1970: setup.append("decoder.dateDecodingStrategy = .secondsSince1970")
        case .millisecondsSince1970: setup.append("decoder.dateDecodingStrategy = .millisecondsSince1970")
        case .formatted(let f):
            setup.append("decoder.dateDecodingStrategy = .formatted(oracleFormatter(\(FoundationOracle.swiftLiteral(f))))")
        case .deferredToDate: break
        }
        if let setting = c.fix.decoderSetting { setup.append(setting.swift) }
        var asked = FoundationOracle.Case(
            type: c.sample.file.type, payload: .file(c.sample.folder.appendingPathComponent("payload.json")), decoderSetup: setup,
            path: NodePath(of: c.sample.context.rootNode, in: c.sample.context.tree).components.map { component in
                switch component {
                case .key(let k): .key(options.keys == .convertFromSnakeCase ? SnakeCase.convert(k) : k)
                case .index(let i), .keyOrIndex(let i): .index(i)
                }
            },
            namespace: name)
        var extra = ""
        if let call = c.fix.decodeCall {
            if call.swift.contains("from: data") {
                asked.statements = call.swift
            } else {
                extra =
                    "struct FixedCall: Decodable {\n    init(from decoder: any Decoder) throws {\n"
                    + call.swift.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n") + "\n    }\n}\n"
                asked.type = "FixedCall"
                asked.path = []
            }
        }
        return ("import Foundation\nenum \(name) {\n\(models)\n\(extra)}\n", asked)
    }
}
