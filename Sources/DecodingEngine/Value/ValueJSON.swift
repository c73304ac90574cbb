/// A decoded value's JSON (the `value` of check-output.md), as byte segments written one after
/// another: the value rendered around the elements of a split array (``ArraySplit``), which
/// its parts rendered as they were decoded, so that those elements are never held as values.
public struct ValueJSON: Sendable {
    public private(set) var segments: [[UInt8]]

    /// The number of bytes of the whole text.
    public var count: Int { segments.reduce(0) { $0 + $1.count } }

    /// Text rendered in one piece (a compiled runner's, or a value without a split array).
    public init(text: [UInt8]) {
        segments = [text]
    }

    /// Text rendered in parts, in order (a compiled runner's, which sends it as it writes it).
    public init(segments: [[UInt8]]) {
        self.segments = segments
    }

    /// `value`'s JSON, with the elements of its split array (where ``placeholder`` stands)
    /// taken from `parts`, each part's elements already rendered and joined by commas.
    /// `capacity`: about how long the text will be (the decoded document's size), reserved at
    /// once so that the text is not copied each time it outgrows its buffer.
    init(_ value: DecodedValue, splicing parts: [[UInt8]], capacity: Int = 0) {
        var text: [UInt8] = []
        text.reserveCapacity(capacity)
        value.write(to: &text)
        self.init(text: text, splicing: parts)
    }

    /// `text` with the elements of its split array, handed over apart as they were decoded
    /// (``DecodingEngine/decodeWithValueJSON(_:payload:tree:at:options:handingElementsTo:)``),
    /// in the place of the placeholder the text holds for them: `parts` in order, joined by
    /// commas. A text without the placeholder is whole (the decode went back to the whole
    /// payload), and `parts` are not part of it.
    public init(text: [UInt8], splicing parts: [[UInt8]]) {
        guard !parts.isEmpty, let at = text.firstIndex(of: Self.placeholderByte) else {
            segments = [text]
            return
        }
        var segments = [Array(text[..<at]) + [UInt8(ascii: "[")]]
        segments.reserveCapacity(2 * parts.count + 1)
        for (i, part) in parts.enumerated() {
            if i > 0 { segments.append([UInt8(ascii: ",")]) }
            segments.append(part)
        }
        segments.append([UInt8(ascii: "]")] + text[(at + 1)...])
        self.segments = segments
    }

    /// The whole text in one array (tests, and readers that want it whole).
    public var bytes: [UInt8] { segments.flatMap { $0 } }

    /// What stands for a split array's elements in the value while they are rendered apart:
    /// an enum case whose name holds a NUL, which no Swift declaration can have, so no decode
    /// makes it. It is written as a NUL byte (``placeholderByte``), which no JSON text holds
    /// (strings write theirs as `\u0000`): nothing in a payload can stand where it stands.
    static let placeholder = DecodedValue.enumCase(name: placeholderName, values: [])
    static let placeholderName = "\u{0}elements rendered in parts"
    public static let placeholderByte: UInt8 = 0
}

/// Equal when the texts are, however they are cut into segments; coded as one string (the
/// worker frames it as raw bytes instead, ``WorkerFrames``).
extension ValueJSON: Hashable, Codable {
    public static func == (a: ValueJSON, b: ValueJSON) -> Bool { a.bytes == b.bytes }

    public func hash(into hasher: inout Hasher) { hasher.combine(bytes) }

    public init(from decoder: any Decoder) throws {
        self.init(text: Array(try decoder.singleValueContainer().decode(String.self).utf8))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(decoding: bytes, as: UTF8.self))
    }
}
