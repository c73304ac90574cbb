/// The few string searches the reader makes for every entry, in the standard library: Foundation's
/// `range(of:)`, `contains(_:)` and `trimmingCharacters(in:)` go through `NSString` on Linux, and were
/// a tenth of the time a capture's entries took to read.
enum PlainText {
    /// Where `needle`'s bytes first occur in `bytes`.
    static func range(of needle: String, in bytes: ArraySlice<UInt8>) -> Range<Int>? {
        guard let offset = firstOffset(of: Array(needle.utf8), in: bytes) else { return nil }
        let start = bytes.startIndex + offset
        return start..<start + needle.utf8.count
    }

    /// Whether `needle`'s bytes occur in `bytes`.
    static func contains(_ needle: [UInt8], in bytes: [UInt8]) -> Bool {
        firstOffset(of: needle, in: bytes) != nil
    }

    /// The offset of the first occurrence of `needle`'s bytes in `bytes`, compared byte by byte (the
    /// standard library's generic `firstRange(of:)` was slower still than Foundation's search).
    private static func firstOffset(of needle: [UInt8], in bytes: some Collection<UInt8>) -> Int? {
        let haystack = Array(bytes)
        guard !needle.isEmpty else { return 0 }
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            var k = 1
            while k < needle.count, haystack[start + k] == needle[k] { k += 1 }
            if k == needle.count { return start }
        }
        return nil
    }

    /// `text` without the scalars `dropped` takes at either end.
    static func trimmed(_ text: Substring, dropping dropped: (Unicode.Scalar) -> Bool) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !dropped($0) }), let last = scalars.lastIndex(where: { !dropped($0) }) else {
            return ""
        }
        return String(scalars[first...last])
    }

    /// What `CharacterSet.whitespaces` holds: the space separators (Zs) and the tab.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
    }
}
