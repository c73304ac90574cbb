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

    /// `value`'s JSON, with the elements of its split array (where ``placeholder`` stands)
    /// taken from `parts`, each part's elements already rendered and joined by commas.
    init(_ value: DecodedValue, splicing parts: [[UInt8]]) {
        var text: [UInt8] = []
        value.write(to: &text)
        guard !parts.isEmpty, let at = Self.range(of: Self.placeholderText, in: text) else {
            segments = [text]
            return
        }
        var segments = [Array(text[..<at.lowerBound]) + [UInt8(ascii: "[")]]
        for (i, part) in parts.enumerated() {
            if i > 0 { segments.append([UInt8(ascii: ",")]) }
            segments.append(part)
        }
        segments.append([UInt8(ascii: "]")] + text[at.upperBound...])
        self.segments = segments
    }

    /// The whole text in one array (tests, and readers that want it whole).
    public var bytes: [UInt8] { segments.flatMap { $0 } }

    /// What stands for a split array's elements in the value while they are rendered apart:
    /// an enum case whose name holds a NUL, which no Swift declaration can have, so no decode
    /// makes it; its JSON, `{"case":"\u0000…"}`, cannot occur in the text otherwise (a string
    /// value that holds those characters is written with its quotes escaped).
    static let placeholder = DecodedValue.enumCase(name: "\u{0}elements rendered in parts", values: [])
    private static let placeholderText: [UInt8] = {
        var text: [UInt8] = []
        placeholder.write(to: &text)
        return text
    }()

    private static func range(of needle: [UInt8], in text: [UInt8]) -> Range<Int>? {
        guard needle.count <= text.count else { return nil }
        for start in 0...(text.count - needle.count) where text[start] == needle[0] {
            if text[start..<(start + needle.count)].elementsEqual(needle) { return start..<(start + needle.count) }
        }
        return nil
    }
}
