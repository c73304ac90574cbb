/// Where a strict JSON text can be cut into parts that scan on their own (``ScanPart``).
enum SplitPoints {
    /// How far past its share a cut may be looked for.
    static let window = 1 << 20

    /// Up to `parts - 1` cuts, as (just past a comma, just past the line break after it), at
    /// about even shares of `from..<end`: a `,` then `\n` or `\r\n`, followed (after whitespace)
    /// by something other than a closing bracket or the end, so that the part begins with a
    /// member or an element.
    static func choose(in text: UnsafeBufferPointer<UInt8>, from: Int, parts: Int) -> [(stop: Int, start: Int)] {
        let end = text.count
        guard parts > 1, end > from else { return [] }
        var cuts: [(stop: Int, start: Int)] = []
        var k = from
        for part in 1..<parts {
            k = max(k, from + (end - from) * part / parts)
            let limit = min(end - 2, k + window)
            while k < limit {
                let comma = k
                k += 1
                guard text[comma] == UInt8(ascii: ","), let start = lineStart(after: comma + 1, in: text) else { continue }
                var q = start
                while q < end, text[q] == 0x20 || text[q] == 0x09 || text[q] == 0x0A || text[q] == 0x0D { q += 1 }
                guard q < end, text[q] != UInt8(ascii: "}"), text[q] != UInt8(ascii: "]") else { continue }
                cuts.append((comma + 1, start))
                k = start
                break
            }
        }
        return cuts
    }

    /// Just past a line break at `k` (`\n` or `\r\n`), or nil.
    private static func lineStart(after k: Int, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        if k < text.count, text[k] == 0x0A { return k + 1 }
        if k + 1 < text.count, text[k] == 0x0D, text[k + 1] == 0x0A { return k + 2 }
        return nil
    }
}
