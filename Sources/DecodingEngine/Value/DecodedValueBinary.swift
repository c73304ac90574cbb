import Foundation

/// A compact binary form of a ``DecodedValue``, for the value the worker child sends the
/// explorer: a tag byte per value, lengths and integers as LEB128 varints, and each type and
/// field name written once and then referred to by number.
///
/// `JSONEncoder` and `JSONDecoder` build a whole tree of dictionaries for what they encode;
/// for the value of a 20 MB payload that took 3.3 s and 850 MB of the worker's time alone,
/// more than the decode. This form is written and read in one pass each.
public enum DecodedValueBinary {
    public struct Unreadable: Error, CustomStringConvertible {
        public var description: String
    }

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
        guard reader.offset == reader.bytes.count else { throw Unreadable(description: "bytes left after the value") }
        return value
    }

    private struct Writer {
        var bytes: [UInt8] = []
        var names: [String: Int] = [:]

        mutating func write(_ value: DecodedValue) {
            switch value {
            case .null: tag(.null)
            case .bool(let b): tag(b ? .true : .false)
            case .string(let s): tag(.string); text(s)
            case .signed(let n): tag(.signed); varint(UInt64(bitPattern: n) << 1 ^ UInt64(bitPattern: n >> 63))
            case .unsigned(let n): tag(.unsigned); varint(n)
            case .floating(let d, let description): tag(.floating); fixed(d.bitPattern); text(description)
            case .decimal(let d): tag(.decimal); text(d.description)
            case .date(let d): tag(.date); fixed(d.timeIntervalSinceReferenceDate.bitPattern)
            case .data(let d): tag(.data); varint(UInt64(d.count)); bytes += d
            case .url(let u): tag(.url); text(u.relativeString)
            case .uuid(let u): tag(.uuid); withUnsafeBytes(of: u.uuid) { bytes += $0 }
            case .array(let items):
                tag(.array); varint(UInt64(items.count))
                for item in items { write(item) }
            case .dictionary(let fields):
                tag(.dictionary); varint(UInt64(fields.count))
                for field in fields { text(field.name); write(field.value) }
            case .object(let type, let fields):
                tag(.object); name(type); varint(UInt64(fields.count))
                for field in fields { name(field.name); write(field.value) }
            case .rawValueCase(let caseName, let raw):
                tag(.rawValueCase); name(caseName); write(raw)
            case .enumCase(let caseName, let values):
                tag(.enumCase); name(caseName); varint(UInt64(values.count))
                for field in values { name(field.name); write(field.value) }
            }
        }

        mutating func tag(_ tag: Tag) { bytes.append(tag.rawValue) }

        mutating func varint(_ n: UInt64) {
            var n = n
            while n >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: n) | 0x80)
                n >>= 7
            }
            bytes.append(UInt8(n))
        }

        mutating func fixed(_ n: UInt64) {
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: n >> UInt64(shift))) }
        }

        mutating func text(_ s: String) {
            var s = s
            s.withUTF8 { utf8 in
                varint(UInt64(utf8.count))
                bytes += utf8
            }
        }

        /// A type, field or case name: 0 and the text the first time, then its number plus one.
        mutating func name(_ s: String) {
            if let known = names[s] {
                varint(UInt64(known) + 1)
            } else {
                names[s] = names.count
                varint(0)
                text(s)
            }
        }
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0
        var names: [String] = []

        /// Deeper than any value the engine builds (its payloads nest at most 512 deep).
        static let maximumDepth = 10_000

        mutating func value(depth: Int) throws(Unreadable) -> DecodedValue {
            guard depth < Self.maximumDepth else { throw Unreadable(description: "a value nested deeper than \(Self.maximumDepth)") }
            guard let tag = Tag(rawValue: try byte()) else { throw Unreadable(description: "an unknown tag at byte \(offset - 1)") }
            switch tag {
            case .null: return .null
            case .false: return .bool(false)
            case .true: return .bool(true)
            case .string: return .string(try text())
            case .signed:
                let z = try varint()
                return .signed(Int64(bitPattern: z >> 1) ^ -Int64(bitPattern: z & 1))
            case .unsigned: return .unsigned(try varint())
            case .floating:
                let bits = try fixed()
                return .floating(Double(bitPattern: bits), description: try text())
            case .decimal:
                let text = try text()
                guard let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else {
                    throw Unreadable(description: "a decimal that does not read back: \(text)")
                }
                return .decimal(decimal)
            case .date: return .date(Date(timeIntervalSinceReferenceDate: Double(bitPattern: try fixed())))
            case .data: return .data(Data(try slice(try count())))
            case .url:
                let text = try text()
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
                    let key = try text()
                    fields.append(.init(key, try value(depth: depth + 1)))
                }
                return .dictionary(fields)
            case .object:
                let type = try name()
                return .object(type: type, try namedFields(depth: depth))
            case .rawValueCase:
                let caseName = try name()
                return .rawValueCase(name: caseName, rawValue: try value(depth: depth + 1))
            case .enumCase:
                let caseName = try name()
                return .enumCase(name: caseName, values: try namedFields(depth: depth))
            }
        }

        mutating func namedFields(depth: Int) throws(Unreadable) -> [DecodedValue.Field] {
            let n = try count()
            var fields: [DecodedValue.Field] = []
            fields.reserveCapacity(n)
            for _ in 0..<n {
                let fieldName = try name()
                fields.append(.init(fieldName, try value(depth: depth + 1)))
            }
            return fields
        }

        mutating func byte() throws(Unreadable) -> UInt8 {
            guard offset < bytes.count else { throw Unreadable(description: "the value ends early") }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func varint() throws(Unreadable) -> UInt64 {
            var result: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let b = try byte()
                guard shift < 64 else { throw Unreadable(description: "a number too long at byte \(offset - 1)") }
                result |= UInt64(b & 0x7F) << shift
                if b < 0x80 { return result }
                shift += 7
            }
        }

        /// A count of items or bytes, which cannot be more than the bytes left.
        mutating func count() throws(Unreadable) -> Int {
            let n = try varint()
            guard n <= UInt64(bytes.count - offset) else { throw Unreadable(description: "a count past the end of the value") }
            return Int(n)
        }

        mutating func fixed() throws(Unreadable) -> UInt64 {
            let b = try slice(8)
            return b.reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }

        mutating func slice(_ n: Int) throws(Unreadable) -> ArraySlice<UInt8> {
            guard n <= bytes.count - offset else { throw Unreadable(description: "the value ends early") }
            defer { offset += n }
            return bytes[offset..<(offset + n)]
        }

        mutating func text() throws(Unreadable) -> String {
            String(decoding: try slice(try count()), as: UTF8.self)
        }

        mutating func name() throws(Unreadable) -> String {
            let n = try varint()
            if n == 0 {
                let s = try text()
                names.append(s)
                return s
            }
            guard n - 1 < UInt64(names.count) else { throw Unreadable(description: "a name not yet written at byte \(offset)") }
            return names[Int(n - 1)]
        }
    }
}
