import Foundation
import JSONTree
import TestSupport

@testable import DecodingEngine

/// One payload decoded as one type, by the compiled models and by the engine.
struct DifferentialCase: CustomStringConvertible {
    var name: String
    var type: String
    var payload: String
    var options = DecodeOptions()
    var path: [PathComponent] = []

    var description: String { name }

    /// The case as Foundation is asked it: the payload embedded, the decoder set as the options say,
    /// the path walked with keys as the decoder presents them (converted for snake_case).
    var oracleCase: FoundationOracle.Case {
        FoundationOracle.Case(type: type, payload: .text(payload), decoderSetup: decoderSetup, path: oraclePath)
    }

    /// Swift statements that configure `decoder`, a `JSONDecoder`, as the options say.
    var decoderSetup: [String] {
        var lines: [String] = []
        if options.keys == .convertFromSnakeCase { lines.append("decoder.keyDecodingStrategy = .convertFromSnakeCase") }
        switch options.dates {
        case .deferredToDate: break
        case .iso8601: lines.append("decoder.dateDecodingStrategy = .iso8601")
        case .secondsSince1970: lines.append("decoder.dateDecodingStrategy = .secondsSince1970")
        case .millisecondsSince1970: lines.append("decoder.dateDecodingStrategy = .millisecondsSince1970")
        case .formatted(let f): lines.append("decoder.dateDecodingStrategy = .formatted(oracleFormatter(\(Self.literal(f))))")
        }
        if options.data == .deferredToData { lines.append("decoder.dataDecodingStrategy = .deferredToData") }
        if case .convertFromString(let p, let n, let nan) = options.floats {
            lines.append(
                "decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: \(Self.literal(p)), negativeInfinity: \(Self.literal(n)), nan: \(Self.literal(nan)))"
            )
        }
        if options.allowsJSON5 { lines.append("decoder.allowsJSON5 = true") }
        return lines
    }

    /// The path as the oracle walks it: keys as the decoder presents them (converted for snake_case).
    var oraclePath: [FoundationOracle.Step] {
        path.map { step in
            switch step {
            case .key(let k): .key(options.keys == .convertFromSnakeCase ? SnakeCase.convert(k) : k)
            case .index(let i): .index(i)
            }
        }
    }

    static func literal(_ s: String) -> String { FoundationOracle.swiftLiteral(s) }
}
