import Foundation

/// What Foundation's `JSONDecoder` says, asked of the real thing: the models are compiled with
/// `swiftc` together with one generated `main.swift` that decodes every case and prints one JSON
/// line per case (``Verdict``). The one oracle of the differential tests: a test holds the
/// product's answer to these lines, so it fails whenever the two differ.
public enum FoundationOracle {
    /// One step of a walk to the node a case decodes (keys as the decoder presents them).
    public enum Step: Sendable, Equatable {
        case key(String)
        case index(Int)
    }

    /// The bytes a case decodes.
    public enum Payload: Sendable {
        /// Embedded in the program.
        case text(String)
        /// Read by the program when it runs.
        case file(URL)
    }

    /// One payload decoded as one type.
    public struct Case: Sendable {
        /// A Swift type expression (`[Zoo]`, `Post?`, `Case3.Model`).
        public var type: String
        public var payload: Payload
        /// The Swift expression that makes `decoder` (the models' own `makeDecoder()`, say).
        public var decoder: String
        /// Swift statements that configure `decoder`.
        public var decoderSetup: [String]
        /// Where the value is: the program walks nested containers to it, as apps do; empty for the root.
        public var path: [Step]
        /// A type the case's code is written in (an `enum` of the models' files), so the models' names
        /// resolve as they do in that file; nil for the top level.
        public var namespace: String?
        /// Statements that decode instead of `decoder.decode(type, from: data)`, with `decoder` and
        /// `data` in scope; the verdict then has no value.
        public var statements: String?

        public init(
            type: String, payload: Payload, decoder: String = "JSONDecoder()", decoderSetup: [String] = [], path: [Step] = [],
            namespace: String? = nil, statements: String? = nil
        ) {
            self.type = type
            self.payload = payload
            self.decoder = decoder
            self.decoderSetup = decoderSetup
            self.path = path
            self.namespace = namespace
            self.statements = statements
        }
    }

    /// Foundation's answer on one case: the JSON line the program printed,
    /// `{"ok":true,"value":…}` or `{"ok":false,"kind":…,"codingPath":[…],"key"|"expectedType":…,"debugDescription":…}`;
    /// an error that is no `DecodingError` has kind `other`, its `errorType` and its description.
    public struct Verdict: Sendable, Equatable, CustomStringConvertible {
        public var line: String
        public var description: String { line }

        /// The line's fields (the value left as the program rendered it in ``line``).
        public var fields: [String: Any] {
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
        }
        public var ok: Bool { fields["ok"] as? Bool == true }
        public var kind: String? { fields["kind"] as? String }
        public var key: String? { fields["key"] as? String }
        public var codingPath: [Step] {
            ((fields["codingPath"] as? [Any]) ?? []).map { step in
                (step as? String).map(Step.key) ?? .index((step as? Int) ?? -1)
            }
        }
    }

    /// Compiles `files` (name → text, each with its own imports) with the cases' program and returns
    /// one verdict per case, in order. `flags` go to swiftc (`-O`, `-module-name Models`).
    public static func verdicts(files: [String: String], cases: [Case], flags: [String] = []) throws -> [Verdict] {
        var all = files
        all["main.swift"] = program(cases)
        let output = try SwiftProgram.output(all, flags: flags)
        let lines = output.split(separator: "\n").map(String.init)
        guard lines.count == cases.count else { throw SwiftProgram.Failure.run(output) }
        return lines.map(Verdict.init(line:))
    }

    /// The program's `main.swift`: the fixed support, then each case in a function of its own.
    static func program(_ cases: [Case]) -> String {
        var main = FoundationOracleSource.support + "\n"
        for (i, c) in cases.enumerated() {
            let payload =
                switch c.payload {
                case .text(let text): "Data(base64Encoded: \(swiftLiteral(Data(text.utf8).base64EncodedString())))!"
                case .file(let url): "try! Data(contentsOf: URL(fileURLWithPath: \(swiftLiteral(url.path))))"
                }
            let steps = c.path.map { step in
                switch step {
                case .key(let k): ".key(\(swiftLiteral(k)))"
                case .index(let n): ".index(\(n))"
                }
            }
            let decode =
                c.statements.map { $0 + "\nreturn OracleDone()" }
                ?? "return try oracleDecode((\(c.type)).self, decoder, data, [\(steps.joined(separator: ", "))])"
            let body = (["let decoder = \(c.decoder)"] + c.decoderSetup + ["let data = \(payload)", decode])
                .joined(separator: "\n")
            let function = "static func oracleCase\(i)() {\noracleReport {\n\(body)\n}\n}"
            if let namespace = c.namespace {
                main += "extension \(namespace) {\n\(function)\n}\n\(namespace).oracleCase\(i)()\n"
            } else {
                main += "enum OracleCase\(i) {\n\(function)\n}\nOracleCase\(i).oracleCase\(i)()\n"
            }
        }
        return main
    }

    /// A Swift string literal of `text` (the test's own; the product's escapers are what is tested).
    public static func swiftLiteral(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
