import Foundation
import JSONTree

@testable import DecodingEngine

/// One payload decoded as one type, by the compiled models and by the engine.
struct DifferentialCase: CustomStringConvertible {
    var name: String
    var type: String
    var payload: String
    var options = DecodeOptions()
    var path: [PathComponent] = []

    var description: String { name }

    /// Swift statements that configure `d`, a `JSONDecoder`, as the options say.
    var decoderSetup: String {
        var lines = ["let d = JSONDecoder()"]
        if options.keys == .convertFromSnakeCase { lines.append("d.keyDecodingStrategy = .convertFromSnakeCase") }
        switch options.dates {
        case .deferredToDate: break
        case .iso8601: lines.append("d.dateDecodingStrategy = .iso8601")
        case .secondsSince1970: lines.append("d.dateDecodingStrategy = .secondsSince1970")
        case .millisecondsSince1970: lines.append("d.dateDecodingStrategy = .millisecondsSince1970")
        case .formatted(let f): lines.append("d.dateDecodingStrategy = .formatted(formatter(\(Self.literal(f))))")
        }
        if options.data == .deferredToData { lines.append("d.dataDecodingStrategy = .deferredToData") }
        if case .convertFromString(let p, let n, let nan) = options.floats {
            lines.append(
                "d.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: \(Self.literal(p)), negativeInfinity: \(Self.literal(n)), nan: \(Self.literal(nan)))"
            )
        }
        if options.allowsJSON5 { lines.append("d.allowsJSON5 = true") }
        return lines.joined(separator: "; ")
    }

    /// The path as the harness walks it: keys as the decoder presents them (converted for snake_case).
    var harnessPath: String {
        "["
            + path.map { step in
                switch step {
                case .key(let k): ".key(\(Self.literal(options.keys == .convertFromSnakeCase ? SnakeCase.convert(k) : k)))"
                case .index(let i): ".index(\(i))"
                }
            }.joined(separator: ", ") + "]"
    }

    static func literal(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
