import Foundation

extension DecodedValue {
    /// The value as compact JSON, per the `value` table of `spec/check-output.md`.
    ///
    /// Dictionary keys are sorted (a Swift dictionary has no order); struct properties keep
    /// declaration order.
    public var json: String {
        var out: [UInt8] = []
        write(to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The value's JSON, appended to `out` as UTF-8. (Bytes, not a `String`: appending to a
    /// string checks and counts what it appends, which was most of the time `check --format
    /// json` spent rendering a 100 MB payload's value.)
    public func write(to out: inout [UInt8]) {
        switch self {
        case .null: Self.append("null", to: &out)
        case .bool(let b): Self.append(b ? "true" : "false", to: &out)
        case .string(let s): Self.writeString(s, to: &out)
        case .signed(let v): Self.append(String(v), to: &out)
        case .unsigned(let v): Self.append(String(v), to: &out)
        case .floating(let d, let description):
            if d.isFinite { Self.append(description, to: &out) } else { Self.writeString(description, to: &out) }
        case .decimal(let d): Self.writeString(d.description, to: &out)
        case .date(let d): Self.writeString(Self.iso8601(d), to: &out)
        case .data(let d): Self.writeString(d.base64EncodedString(), to: &out)
        case .url(let u): Self.writeString(u.absoluteString, to: &out)
        case .uuid(let u): Self.writeString(u.uuidString, to: &out)
        case .array(let items):
            out.append(UInt8(ascii: "["))
            var first = true
            for item in items {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                item.write(to: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .dictionary(let fields):
            Self.writeObject(fields.sorted { $0.name < $1.name }, to: &out)
        case .object(_, let fields):
            Self.writeObject(fields, to: &out)
        case .rawValueCase(_, let raw):
            raw.write(to: &out)
        case .enumCase(let name, let values):
            // Where a split array's elements go: a byte no JSON text holds (``ValueJSON``).
            if name == ValueJSON.placeholderName { return out.append(ValueJSON.placeholderByte) }
            Self.append("{\"case\":", to: &out)
            Self.writeString(name, to: &out)
            if !values.isEmpty {
                Self.append(",\"values\":", to: &out)
                Self.writeObject(values, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    static func writeObject(_ fields: [Field], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "{"))
        var first = true
        for field in fields {
            if !first { out.append(UInt8(ascii: ",")) }
            first = false
            writeString(field.name, to: &out)
            out.append(UInt8(ascii: ":"))
            field.value.write(to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// A JSON string: `"` and `\` escaped, `\n`, `\r`, `\t` by name, other controls as
    /// `\u00xx`; everything else as it is.
    static func writeString(_ s: String, to out: inout [UInt8]) {
        var s = s
        out.append(UInt8(ascii: "\""))
        s.withUTF8 { bytes in
            var start = 0
            for i in 0..<bytes.count {
                let byte = bytes[i]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                start = i + 1
                switch byte {
                case UInt8(ascii: "\""): append("\\\"", to: &out)
                case UInt8(ascii: "\\"): append("\\\\", to: &out)
                case UInt8(ascii: "\n"): append("\\n", to: &out)
                case UInt8(ascii: "\r"): append("\\r", to: &out)
                case UInt8(ascii: "\t"): append("\\t", to: &out)
                default:
                    let hex = String(byte, radix: 16)
                    append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex, to: &out)
                }
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        out.append(UInt8(ascii: "\""))
    }

    private static func append(_ text: String, to out: inout [UInt8]) {
        out.append(contentsOf: text.utf8)
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
