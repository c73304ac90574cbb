/// What screening one body found (``RunnerJob/screen``): enough to say "decodes" of a capture's
/// entry without checking it alone; anything else is checked again, one body at a time.
public enum ScreenVerdict: UInt8, Sendable, Hashable {
    /// It decoded, and nothing was thrown on the way (so the model's code caught nothing).
    case decodes = 100  // "d"
    /// It decoded, but something was thrown on the way (or throws could not be counted): the
    /// model's code may have caught an error, which only a check of the body alone can say.
    case decodesAfterThrowing = 116  // "t"
    /// It did not decode (or could not be screened).
    case fails = 102  // "f"
}

/// A screening job's verdicts, one per body in order. Coded as one string of a letter each (`d`,
/// `t`, `f`): a thousand bodies' verdicts cross as one value, not as a thousand.
public struct ScreenVerdicts: Codable, Sendable, Hashable {
    public var verdicts: [ScreenVerdict]

    public init(_ verdicts: [ScreenVerdict]) { self.verdicts = verdicts }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        var verdicts: [ScreenVerdict] = []
        verdicts.reserveCapacity(text.utf8.count)
        for letter in text.utf8 {
            guard let verdict = ScreenVerdict(rawValue: letter) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "not a screen verdict: \(letter)"))
            }
            verdicts.append(verdict)
        }
        self.verdicts = verdicts
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(decoding: verdicts.map(\.rawValue), as: UTF8.self))
    }
}

/// The file a screening job reads: its bodies end to end, each after its length in bytes (8 bytes,
/// little-endian). Written by the check that screens, read by the runner (and the worker in schema
/// mode); the job itself carries only how many bodies the file holds.
public enum ScreenFile {
    /// Adds `body` to the end of `file`.
    public static func append(_ body: [UInt8], to file: inout [UInt8]) {
        var length = UInt64(body.count).littleEndian
        withUnsafeBytes(of: &length) { file.append(contentsOf: $0) }
        file.append(contentsOf: body)
    }

    /// Where each body lies in `bytes`; nil when they are not `count` bodies laid out so.
    public static func bodies<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, count: Int) -> [Range<Int>]?
    where Bytes.Index == Int {
        var ranges: [Range<Int>] = []
        ranges.reserveCapacity(count)
        var at = bytes.startIndex
        while at < bytes.endIndex {
            guard bytes.endIndex - at >= 8 else { return nil }
            var length: UInt64 = 0
            for shift in 0..<8 { length |= UInt64(bytes[at + shift]) << (8 * UInt64(shift)) }
            at += 8
            guard length <= UInt64(bytes.endIndex - at) else { return nil }
            ranges.append(at..<at + Int(length))
            at += Int(length)
        }
        return ranges.count == count ? ranges : nil
    }
}
