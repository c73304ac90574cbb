/// The encodings a payload may arrive in, detected the way Foundation's `JSONDecoder` does.
public enum TextEncoding: String, Hashable, Sendable, Codable {
    case utf8, utf16BigEndian, utf16LittleEndian, utf32BigEndian, utf32LittleEndian

    public var name: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16BigEndian: "UTF-16BE"
        case .utf16LittleEndian: "UTF-16LE"
        case .utf32BigEndian: "UTF-32BE"
        case .utf32LittleEndian: "UTF-32LE"
        }
    }

    var unitSize: Int {
        switch self {
        case .utf8: 1
        case .utf16BigEndian, .utf16LittleEndian: 2
        case .utf32BigEndian, .utf32LittleEndian: 4
        }
    }

    /// Detects the encoding from a byte order mark, or else from the pattern of zero bytes
    /// that ASCII text leaves in the first four bytes. Returns the encoding and the BOM length.
    ///
    /// `FF FE 00 00` is read as Foundation reads it: a UTF-16LE byte order mark followed by
    /// U+0000 (which no JSON value starts with), not as UTF-32LE's mark. A payload of three
    /// bytes is UTF-8 unless it starts with a mark (`00 31 00` is not UTF-16BE `1`).
    public static func detect(_ b: some RandomAccessCollection<UInt8>) -> (TextEncoding, bomLength: Int) {
        let head = Array(b.prefix(4))
        func at(_ i: Int) -> UInt8? { i < head.count ? head[i] : nil }
        switch (at(0), at(1), at(2), at(3)) {
        case (0xEF, 0xBB, 0xBF, _): return (.utf8, 3)
        case (0x00, 0x00, 0xFE, 0xFF): return (.utf32BigEndian, 4)
        case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
        case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
        // Foundation looks for zero bytes in two bytes or in four, never in three.
        case _ where head.count == 3: return (.utf8, 0)
        case (0x00, 0x00, 0x00, .some(let x)) where x != 0: return (.utf32BigEndian, 0)
        case (.some(let x), 0x00, 0x00, 0x00) where x != 0: return (.utf32LittleEndian, 0)
        case (0x00, .some(let x), _, _) where x != 0: return (.utf16BigEndian, 0)
        case (.some(let x), 0x00, _, _) where x != 0: return (.utf16LittleEndian, 0)
        default: return (.utf8, 0)
        }
    }
}

/// A payload as UTF-8 text, with a way back to offsets in the user's own bytes.
struct DecodedText {
    var utf8: [UInt8]
    /// Where the JSON text starts in `utf8` (after a UTF-8 BOM).
    var start: Int
    var encoding: TextEncoding
    /// For transcoded input: `originalOffset[i]` is the offset in the user's file of UTF-8 byte i.
    var originalOffsets: [UInt32]?

    func originalOffset(_ utf8Offset: Int) -> Int {
        Self.originalOffset(utf8Offset, map: originalOffsets, unitSize: encoding.unitSize)
    }

    /// Moves an offset in the UTF-8 text to the user's bytes (past the end: one unit on).
    static func originalOffset(_ utf8Offset: Int, map: [UInt32]?, unitSize: Int) -> Int {
        guard let map else { return utf8Offset }
        return utf8Offset < map.count ? Int(map[utf8Offset]) : (map.last.map { Int($0) + unitSize } ?? 0)
    }

    /// Decodes `bytes`; for UTF-16 and UTF-32 transcodes to UTF-8 and keeps an offset map.
    /// Fails with the original offset of the first unit that is not text.
    static func decode(_ bytes: [UInt8]) -> Result<DecodedText, UndecodableText> {
        let (encoding, bom) = TextEncoding.detect(bytes)
        if encoding == .utf8 {
            return .success(DecodedText(utf8: bytes, start: bom, encoding: .utf8, originalOffsets: nil))
        }
        var out: [UInt8] = []
        var map: [UInt32] = []
        out.reserveCapacity(bytes.count)
        map.reserveCapacity(bytes.count)
        let unit = encoding.unitSize
        var i = bom
        // Foundation ignores a last code unit cut short (`5\u{0}1\u{0},` reads as `51`).
        let usable = bom + (bytes.count - bom) / unit * unit
        func read(_ at: Int) -> UInt32 {
            switch encoding {
            case .utf16BigEndian: UInt32(bytes[at]) << 8 | UInt32(bytes[at + 1])
            case .utf16LittleEndian: UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at])
            case .utf32BigEndian: UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
            default: UInt32(bytes[at + 3]) << 24 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at])
            }
        }
        while i < usable {
            var value = read(i)
            var width = unit
            if unit == 2, (0xD800...0xDBFF).contains(value) {
                guard i + 4 <= usable else { return .failure(UndecodableText(encoding: encoding, offset: i)) }
                let low = read(i + 2)
                guard (0xDC00...0xDFFF).contains(low) else { return .failure(UndecodableText(encoding: encoding, offset: i)) }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                width = 4
            }
            guard let scalar = Unicode.Scalar(value) else { return .failure(UndecodableText(encoding: encoding, offset: i)) }
            for byte in UTF8.encode(scalar)! {
                out.append(byte)
                map.append(UInt32(i))
            }
            i += width
        }
        return .success(DecodedText(utf8: out, start: 0, encoding: encoding, originalOffsets: map))
    }
}

/// Bytes that are not text in the detected encoding, at an offset of the user's file.
struct UndecodableText: Error {
    var encoding: TextEncoding
    var offset: Int
}
