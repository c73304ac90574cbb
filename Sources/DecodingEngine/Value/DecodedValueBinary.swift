import Foundation

/// A compact binary form of a ``DecodedValue``, for the value the worker child sends the
/// explorer: a tag byte per value, lengths and integers as LEB128 varints, and each type and
/// field name written once and then referred to by number.
///
/// `JSONEncoder` and `JSONDecoder` build a whole tree of dictionaries for what they encode;
/// for the value of a 20 MB payload that took 3.3 s and 850 MB of the worker's time alone,
/// more than the decode. This form is written and read in one pass each.
public enum DecodedValueBinary {
    public typealias Unreadable = BinaryUnreadable

    private enum Tag: UInt8 {
        case null, `false`, `true`, string, signed, unsigned, floating, decimal, date, data, url, uuid
        case array, dictionary, object, rawValueCase, enumCase
    }

    public static func encode(_ value: DecodedValue) -> [UInt8] {
        var writer = Writer()
        writer.write(value)
        return writer.bytes
    }

    public static func decode(_ bytes: some Collection<UInt8>) throws(Unreadable) -> DecodedValue {
        var reader = Reader(bytes: Array(bytes))
        let value = try reader.value(depth: 0)
        try reader.expectEnd()
        return value
    }

    private struct Writer: InterningBinaryWriting {
        var bytes: [UInt8] = []
        var strings: [ExactText: Int] = [:]

        mutating func write(_ value: DecodedValue) {
            switch value {
            case .null: tag(.null)
            case .bool(let b): tag(b ? .true : .false)
            case .string(let s): tag(.string); counted(s)
            case .signed(let n): tag(.signed); signed(n)
            case .unsigned(let n): tag(.unsigned); varint(n)
            case .floating(let d, let description): tag(.floating); fixed(d.bitPattern); counted(description)
            case .decimal(let d): tag(.decimal); counted(d.description)
            case .date(let d): tag(.date); fixed(d.timeIntervalSinceReferenceDate.bitPattern)
            case .data(let d): tag(.data); varint(UInt64(d.count)); bytes += d
            case .url(let u): tag(.url); counted(u.relativeString)
            case .uuid(let u): tag(.uuid); withUnsafeBytes(of: u.uuid) { bytes += $0 }
            case .array(let items):
                tag(.array); varint(UInt64(items.count))
                for item in items { write(item) }
            case .dictionary(let fields):
                tag(.dictionary); varint(UInt64(fields.count))
                for field in fields { counted(field.name); write(field.value) }
            case .object(let type, let fields):
                tag(.object); interned(type); varint(UInt64(fields.count))
                for field in fields { interned(field.name); write(field.value) }
            case .rawValueCase(let caseName, let raw):
                tag(.rawValueCase); interned(caseName); write(raw)
            case .enumCase(let caseName, let values):
                tag(.enumCase); interned(caseName); varint(UInt64(values.count))
                for field in values { interned(field.name); write(field.value) }
            }
        }

        mutating func tag(_ tag: Tag) { bytes.append(tag.rawValue) }
    }

    private struct Reader: InterningBinaryReading {
        static let contents = "the value"
        let bytes: [UInt8]
        var offset = 0
        var strings: [String] = []

        /// Deeper than any value the engine builds (its payloads nest at most 512 deep).
        static let maximumDepth = 10_000

        mutating func value(depth: Int) throws(Unreadable) -> DecodedValue {
            guard depth < Self.maximumDepth else { throw Unreadable(description: "a value nested deeper than \(Self.maximumDepth)") }
            guard let tag = Tag(rawValue: try byte()) else { throw Unreadable(description: "an unknown tag at byte \(offset - 1)") }
            switch tag {
            case .null: return .null
            case .false: return .bool(false)
            case .true: return .bool(true)
            case .string: return .string(try counted())
            case .signed: return .signed(try signed())
            case .unsigned: return .unsigned(try varint())
            case .floating:
                let bits = try fixed()
                return .floating(Double(bitPattern: bits), description: try counted())
            case .decimal:
                let text = try counted()
                guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                    throw Unreadable(description: "a decimal that does not read back: \(text)")
                }
                return .decimal(decimal)
            case .date: return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: try fixed())))
            case .data: return .data(Data(try slice(try count())))
            case .url:
                let text = try counted()
                guard let url = URL(string: text) else { throw Unreadable(description: "a URL that does not read back: \(text)") }
                return .url(url)
            case .uuid:
                let b = Array(try slice(16))
                return .uuid(
                    UUID(uuid: (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])))
            case .array:
                let n = try count()
                var items: [DecodedValue] = []
                items.reserveCapacity(n)
                for _ in 0..<n { items.append(try value(depth: depth + 1)) }
                return .array(items)
            case .dictionary:
                let n = try count()
                var fields: [DecodedValue.Field] = []
                fields.reserveCapacity(n)
                for _ in 0..<n {
                    let key = try counted()
                    fields.append(.init(key, try value(depth: depth + 1)))
                }
                return .dictionary(fields)
            case .object:
                let type = try interned()
                return .object(type: type, try namedFields(depth: depth))
            case .rawValueCase:
                let caseName = try interned()
                return .rawValueCase(name: caseName, rawValue: try value(depth: depth + 1))
            case .enumCase:
                let caseName = try interned()
                return .enumCase(name: caseName, values: try namedFields(depth: depth))
            }
        }

        mutating func namedFields(depth: Int) throws(Unreadable) -> [DecodedValue.Field] {
            let n = try count()
            var fields: [DecodedValue.Field] = []
            fields.reserveCapacity(n)
            for _ in 0..<n {
                let fieldName = try interned()
                fields.append(.init(fieldName, try value(depth: depth + 1)))
            }
            return fields
        }
    }
}
