/// Why bytes of a binary form crossing the worker boundary do not read back (cut short,
/// corrupted): thrown, never trapped on.
public struct BinaryUnreadable: Error, CustomStringConvertible {
    public var description: String
}

/// The primitives of the compact binary forms that cross the worker boundary
/// (``DecodedValueBinary``, ``LocatedErrorsBinary``): LEB128 varints, zigzag signed numbers,
/// 8-byte little-endian words, byte runs behind their count. Each form's writer adds its own
/// structure on top.
protocol BinaryWriting {
    var bytes: [UInt8] { get set }
}

extension BinaryWriting {
    mutating func varint(_ n: UInt64) {
        var n = n
        while n >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: n) | 0x80)
            n >>= 7
        }
        bytes.append(UInt8(n))
    }

    /// Zigzag: small negative numbers stay short.
    mutating func signed(_ n: Int64) {
        varint(UInt64(bitPattern: n) << 1 ^ UInt64(bitPattern: n >> 63))
    }

    mutating func fixed(_ n: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: n >> UInt64(shift))) }
    }

    /// A string's UTF-8 behind its count.
    mutating func counted(_ s: String) {
        var s = s
        s.withUTF8 { utf8 in
            varint(UInt64(utf8.count))
            bytes += utf8
        }
    }
}

/// Reading what ``BinaryWriting`` wrote. Every read is checked: bytes that end early, a number
/// longer than 64 bits or a count past the end throw ``BinaryUnreadable``.
protocol BinaryReading {
    var bytes: [UInt8] { get }
    var offset: Int { get set }
    /// What the bytes hold, for messages: "the value", "the errors".
    static var contents: String { get }
}

extension BinaryReading {
    mutating func byte() throws(BinaryUnreadable) -> UInt8 {
        guard offset < bytes.count else { throw BinaryUnreadable(description: "\(Self.contents): the bytes end early") }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func varint() throws(BinaryUnreadable) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try byte()
            guard shift < 64 else { throw BinaryUnreadable(description: "\(Self.contents): a number too long at byte \(offset - 1)") }
            result |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return result }
            shift += 7
        }
    }

    mutating func signed() throws(BinaryUnreadable) -> Int64 {
        let z = try varint()
        return Int64(bitPattern: z >> 1) ^ -Int64(bitPattern: z & 1)
    }

    /// A count of items or bytes, which cannot be more than the bytes left.
    mutating func count() throws(BinaryUnreadable) -> Int {
        let n = try varint()
        guard n <= UInt64(bytes.count - offset) else { throw BinaryUnreadable(description: "\(Self.contents): a count past the end") }
        return Int(n)
    }

    mutating func fixed() throws(BinaryUnreadable) -> UInt64 {
        let b = try slice(8)
        return b.reversed().reduce(0) { $0 << 8 | UInt64($1) }
    }

    mutating func slice(_ n: Int) throws(BinaryUnreadable) -> ArraySlice<UInt8> {
        guard n <= bytes.count - offset else { throw BinaryUnreadable(description: "\(Self.contents): the bytes end early") }
        defer { offset += n }
        return bytes[offset..<(offset + n)]
    }

    /// Nothing may follow the form's last item.
    func expectEnd() throws(BinaryUnreadable) {
        guard offset == bytes.count else { throw BinaryUnreadable(description: "bytes left after \(Self.contents)") }
    }
}

extension BinaryWriting {
    mutating func signed(_ n: Int) { signed(Int64(n)) }
}

extension BinaryReading {
    mutating func signedInt() throws(BinaryUnreadable) -> Int { Int(truncatingIfNeeded: try signed()) }
}

extension BinaryReading {
    /// A string's UTF-8 behind its count; bytes that are not UTF-8 are refused, not read with
    /// replacement characters.
    mutating func counted() throws(BinaryUnreadable) -> String {
        let utf8 = try slice(try count())
        guard let s = String(validating: utf8, as: UTF8.self) else {
            throw BinaryUnreadable(description: "\(Self.contents): a string that is not UTF-8 at byte \(offset - utf8.count)")
        }
        return s
    }
}

/// A string compared and hashed by its UTF-8 bytes: `String`'s own `==` holds canonically
/// equivalent text equal ("é" as one scalar or two), and what crosses must read back byte for byte.
struct ExactText: Hashable {
    var text: String

    static func == (a: ExactText, b: ExactText) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

/// A writer that writes each distinct string once: 0 and the string the first time, then the
/// string's number plus one (names, keys, messages repeat thousands of times).
protocol InterningBinaryWriting: BinaryWriting {
    var strings: [ExactText: Int] { get set }
}

extension InterningBinaryWriting {
    mutating func interned(_ s: String) {
        let exact = ExactText(text: s)
        if let known = strings[exact] {
            varint(UInt64(known) + 1)
            return
        }
        strings[exact] = strings.count
        varint(0)
        counted(s)
    }
}

/// Reading what ``InterningBinaryWriting`` wrote.
protocol InterningBinaryReading: BinaryReading {
    var strings: [String] { get set }
}

extension InterningBinaryReading {
    mutating func interned() throws(BinaryUnreadable) -> String {
        let n = try varint()
        if n == 0 {
            let s = try counted()
            strings.append(s)
            return s
        }
        guard n - 1 < UInt64(strings.count) else {
            throw BinaryUnreadable(description: "\(Self.contents): a string not yet written at byte \(offset)")
        }
        return strings[Int(n - 1)]
    }
}
