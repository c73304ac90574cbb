import Foundation

extension RunnerValue {
    /// The JSON of check-output.md's `value` field: what the engine's `DecodedValue.json` writes for
    /// the value the worker would rebuild from this tree, character for character
    /// (`CompiledValueJSONTests`).
    public func writeJSON(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .string(let s): Self.writeString(s, to: &out)
        case .signed(let v): out += String(v)
        case .unsigned(let v): out += String(v)
        case .floating(let d, let description):
            if d.isFinite { out += description } else { Self.writeString(description, to: &out) }
        case .decimal(let text): Self.writeString(Decimal(string: text)?.description ?? text, to: &out)
        case .date(let seconds): Self.writeString(Self.iso8601.string(from: Date(timeIntervalSince1970: seconds)), to: &out)
        case .data(let base64): Self.writeString(base64, to: &out)
        case .url(let text): Self.writeString(URL(string: text)?.absoluteString ?? text, to: &out)
        case .uuid(let text): Self.writeString(text, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.writeJSON(to: &out)
            }
            out += "]"
        case .dictionary(let fields): Self.writeObject(fields.sorted { $0.name < $1.name }, to: &out)
        case .object(_, let fields): Self.writeObject(fields, to: &out)
        case .rawValueCase(_, let raw): raw.writeJSON(to: &out)
        case .enumCase(let name, let values):
            out += "{\"case\":"
            Self.writeString(name, to: &out)
            if !values.isEmpty {
                out += ",\"values\":"
                Self.writeObject(values, to: &out)
            }
            out += "}"
        }
    }

    static func writeObject(_ fields: [Field], to out: inout String) {
        out += "{"
        for (i, field) in fields.enumerated() {
            if i > 0 { out += "," }
            writeString(field.name, to: &out)
            out += ":"
            field.value.writeJSON(to: &out)
        }
        out += "}"
    }

    /// A JSON string literal (the one JSON escaper of the runner; the engine's is `JSONText`).
    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        if !s.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count) + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    nonisolated(unsafe) static let iso8601: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }()
}
