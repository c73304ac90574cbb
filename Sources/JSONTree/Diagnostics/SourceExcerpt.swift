/// The payload line a diagnostic is about, with a caret under the column, safe to print.
///
/// Long lines (a minified 100 MB payload is one line) are cut to a window around the
/// column, marked with `…`; control and bidi characters are shown escaped so that the
/// excerpt cannot drive the terminal.
public struct SourceExcerpt: Hashable, Sendable {
    /// The line, possibly cut, made terminal-safe.
    public var line: String
    /// Spaces and a `^` under the reported column.
    public var caret: String

    /// The excerpt for a 1-based line and column of UTF-8 text.
    public init(lineBytes: some Collection<UInt8>, column: Int, width: Int = 100) {
        let scalars = Array(String(decoding: lineBytes, as: UTF8.self).unicodeScalars)
        self.init(scalars: scalars[...], target: max(0, min(column - 1, scalars.count)), cutBefore: false, cutAfter: false, width: width)
    }

    /// The excerpt for a location in a payload given as the user's raw bytes (any encoding).
    ///
    /// Only a window of bytes around `location.offset` is read and decoded (a few hundred
    /// bytes, whatever the size of the file or the length of the line), so reporting an error
    /// in a 2 GB one-line payload costs no more than in a small one.
    public init<Bytes: RandomAccessCollection<UInt8>>(payload bytes: Bytes, location: SourceLocation, width: Int = 100)
    where Bytes.Index == Int {
        let (encoding, bom) = TextEncoding.detect(bytes)
        let unit = encoding.unitSize
        let offset = max(bom, min(location.offset, bytes.count))
        // No scalar takes more than four bytes in any of the encodings.
        let reach = (width + 2) * 4
        let lo = bom + (max(0, offset - bom - reach) / unit) * unit
        let hi = min(bytes.count, bom + ((offset + reach - bom) / unit) * unit)
        // The window copied out (the payload may be a mapped file); offsets are the payload's.
        var decoded = Self.decode(Array(bytes[lo..<hi])[...], encoding: encoding)
        decoded.offsets = decoded.offsets.map { $0 + lo }
        let target = decoded.offsets.firstIndex { $0 >= offset } ?? decoded.scalars.count
        var start = target
        while start > 0 && !Self.isLineBreak(decoded.scalars[start - 1]) { start -= 1 }
        var end = target
        while end < decoded.scalars.count && !Self.isLineBreak(decoded.scalars[end]) { end += 1 }
        self.init(
            scalars: decoded.scalars[start..<end], target: target,
            cutBefore: start == 0 && lo > bom, cutAfter: end == decoded.scalars.count && hi < bytes.count, width: width)
    }

    private init(scalars: ArraySlice<Unicode.Scalar>, target: Int, cutBefore: Bool, cutAfter: Bool, width: Int) {
        let first = scalars.startIndex
        let last = scalars.endIndex
        var from = first
        var to = last
        if last - first > width {
            from = max(first, min(target - width / 2, last - width))
            to = min(last, from + width)
        }
        var shown = String.UnicodeScalarView()
        var caretOffset = 0
        if from > first || cutBefore { shown.append("…"); caretOffset += 1 }
        for k in from..<to {
            let s = scalars[k]
            if s == "\t" {
                shown.append(" ")
                if k < target { caretOffset += 1 }
            } else if TerminalSafeText.isUnsafe(s) {
                let piece = TerminalSafeText.escape(String(s))
                if k < target { caretOffset += piece.count }
                shown.append(contentsOf: piece.unicodeScalars)
            } else {
                shown.append(s)
                if k < target { caretOffset += 1 }
            }
        }
        if to < last || cutAfter { shown.append("…") }
        line = String(shown)
        caret = String(repeating: " ", count: caretOffset) + "^"
    }

    private static func isLineBreak(_ s: Unicode.Scalar) -> Bool { s == "\n" || s == "\r" }

    /// Decodes a slice of the payload, each scalar with the offset of its first byte. Bytes
    /// that are not text (or a scalar cut by the window's edge) become U+FFFD.
    private static func decode(_ bytes: ArraySlice<UInt8>, encoding: TextEncoding) -> (scalars: [Unicode.Scalar], offsets: [Int]) {
        var scalars: [Unicode.Scalar] = []
        var offsets: [Int] = []
        var i = bytes.startIndex
        let end = bytes.endIndex
        func unit(_ at: Int) -> UInt32 {
            switch encoding {
            case .utf8: UInt32(bytes[at])
            case .utf16BigEndian: UInt32(bytes[at]) << 8 | UInt32(bytes[at + 1])
            case .utf16LittleEndian: UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at])
            case .utf32BigEndian: UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
            case .utf32LittleEndian:
                UInt32(bytes[at + 3]) << 24 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at])
            }
        }
        let size = encoding.unitSize
        // A window that starts inside a UTF-8 sequence starts after it.
        if encoding == .utf8 { while i < end && bytes[i] & 0xC0 == 0x80 { i += 1 } }
        while i + size <= end {
            offsets.append(i)
            let value = unit(i)
            switch encoding {
            case .utf8 where value < 0x80:
                scalars.append(Unicode.Scalar(UInt8(value)))
                i += 1
            case .utf8:
                let length = value < 0x80 ? 1 : value >> 5 == 0x6 ? 2 : value >> 4 == 0xE ? 3 : value >> 3 == 0x1E ? 4 : 0
                if length > 0, i + length <= end,
                    let s = String(validating: bytes[i..<(i + length)], as: UTF8.self)?.unicodeScalars.first
                {
                    scalars.append(s)
                    i += length
                } else {
                    scalars.append("\u{FFFD}")
                    i += 1
                    // A cut or broken sequence: its continuation bytes go with it.
                    while i < end && bytes[i] & 0xC0 == 0x80 { i += 1 }
                }
            case .utf16BigEndian, .utf16LittleEndian:
                if (0xD800...0xDBFF).contains(value), i + 4 <= end, (0xDC00...0xDFFF).contains(unit(i + 2)),
                    let s = Unicode.Scalar(0x10000 + ((value - 0xD800) << 10) + (unit(i + 2) - 0xDC00))
                {
                    scalars.append(s)
                    i += 4
                } else {
                    scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                    i += 2
                }
            case .utf32BigEndian, .utf32LittleEndian:
                scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
                i += 4
            }
        }
        return (scalars, offsets)
    }
}
