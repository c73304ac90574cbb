import Foundation

extension DecodedValue {
    /// The value as compact JSON, per the `value` table of `spec/check-output.md`.
    ///
    /// Dictionary keys are sorted (a Swift dictionary has no order); struct properties keep
    /// declaration order.
    public var json: String {
        var out = ""
        write(to: &out)
        return out
    }

    func write(to out: inout String) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .string(let s): Self.writeString(s, to: &out)
        case .signed(let v): out += String(v)
        case .unsigned(let v): out += String(v)
        case .floating(let d, let description):
            if d.isFinite { out += description } else { Self.writeString(description, to: &out) }
        case .decimal(let d): Self.writeString(d.description, to: &out)
        case .date(let d): Self.writeString(Self.iso8601(d), to: &out)
        case .data(let d): Self.writeString(d.base64EncodedString(), to: &out)
        case .url(let u): Self.writeString(u.absoluteString, to: &out)
        case .uuid(let u): Self.writeString(u.uuidString, to: &out)
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                item.write(to: &out)
            }
            out += "]"
        case .dictionary(let fields):
            Self.writeObject(fields.sorted { $0.name < $1.name }, to: &out)
        case .object(_, let fields):
            Self.writeObject(fields, to: &out)
        case .rawValueCase(_, let raw):
            raw.write(to: &out)
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
            field.value.write(to: &out)
        }
        out += "}"
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        // Most strings need no escape: append them whole.
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
                out +=
                    "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                    + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }

    /// `2019-12-09T15:00:00.000Z`.
    static func iso8601(_ date: Date) -> String {
        iso8601Formatter.string(from: date)
    }

    /// One formatter for every date: making one per date cost more than the rest of the
    /// rendering (formatting with a shared `ISO8601DateFormatter` is thread-safe).
    nonisolated(unsafe) private static let iso8601Formatter: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }()
}
