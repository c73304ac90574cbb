import Foundation

/// What a compiled-mode runner is asked to do: the parent's side of `__CEJob` in `RunnerSource`.
struct RunnerJob: Encodable {
    struct Step: Codable, Hashable {
        var key: String?
        /// The key as `.convertFromSnakeCase` presents it, used when the decoder converts keys.
        var convertedKey: String?
        var index: Int?
    }

    struct Options: Encodable {
        var keys: String
        var dates: String
        var dateFormat: String?
        var data: String
        var floats: [String]?
        var json5: Bool

        init(_ options: DecodeOptions) {
            keys = options.keys == .convertFromSnakeCase ? "snakeCase" : "default"
            switch options.dates {
            case .deferredToDate: dates = "deferredToDate"
            case .iso8601: dates = "iso8601"
            case .secondsSince1970: dates = "secondsSince1970"
            case .millisecondsSince1970: dates = "millisecondsSince1970"
            case .formatted(let format): dates = "formatted"; dateFormat = format
            }
            data = options.data == .deferredToData ? "deferredToData" : "base64"
            if case .convertFromString(let p, let n, let nan) = options.floats { floats = [p, n, nan] }
            json5 = options.allowsJSON5
        }
    }

    var type: Int
    var payload: String
    var steps: [Step]
    var options: Options
    var wantsValue: Bool
    /// Decode through the tracing decoder and send the container calls back (``CompiledTrace``).
    var trace: Bool? = nil
    /// Decode the type at each of these paths instead, one reply each (all-errors mode).
    var batch: [[Step]]? = nil
    /// Send the value as check-output.md's JSON text, after the reply's line, instead of a tree.
    var valueAsJSON: Bool? = nil
}

/// What a compiled-mode runner answers: the parent's side of `__CEReply`.
struct RunnerReply: Decodable {
    struct Failure: Decodable {
        var kind: String
        var codingPath: [RunnerJob.Step]
        var debugDescription: String
        var expectedType: String?
        var key: String?
        var errorType: String?
    }

    var ok: Bool
    var value: RunnerValue?
    var error: Failure?
    /// The runner could not do its job at all (an unreadable payload file).
    var problem: String?
    /// The container calls, when the job asked for a trace.
    var trace: [RunnerCall]?
    /// One reply per path of the job's batch.
    var batch: [RunnerReply]?
}

/// The decoded value as the runner read it with Mirror; becomes a `DecodedValue`.
indirect enum RunnerValue: Decodable {
    struct Field: Decodable {
        var name: String
        var value: RunnerValue
    }

    case null
    case bool(Bool)
    case string(String)
    case signed(Int64)
    case unsigned(UInt64)
    case floating(Double, description: String)
    case decimal(String)
    case date(Double)
    case data(String)
    case url(String)
    case uuid(String)
    case array([RunnerValue])
    case dictionary([Field])
    case object(type: String, fields: [Field])
    case rawValueCase(name: String, rawValue: RunnerValue)
    case enumCase(name: String, values: [Field])

    var decodedValue: DecodedValue {
        func fields(_ list: [Field]) -> [DecodedValue.Field] { list.map { DecodedValue.Field($0.name, $0.value.decodedValue) } }
        switch self {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .string(let s): return .string(s)
        case .signed(let i): return .signed(i)
        case .unsigned(let u): return .unsigned(u)
        case .floating(let d, let description): return .floating(d, description: description)
        case .decimal(let text): return Decimal(string: text).map { .decimal($0) } ?? .string(text)
        case .date(let seconds): return .date(Date(timeIntervalSince1970: seconds))
        case .data(let base64): return Data(base64Encoded: base64).map { .data($0) } ?? .string(base64)
        case .url(let text): return URL(string: text).map { .url($0) } ?? .string(text)
        case .uuid(let text): return UUID(uuidString: text).map { .uuid($0) } ?? .string(text)
        case .array(let items): return .array(items.map(\.decodedValue))
        case .dictionary(let list): return .dictionary(fields(list))
        case .object(let type, let list): return .object(type: type, fields(list))
        case .rawValueCase(let name, let raw): return .rawValueCase(name: name, rawValue: raw.decodedValue)
        case .enumCase(let name, let list): return .enumCase(name: name, values: fields(list))
        }
    }
}
