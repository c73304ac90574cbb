/// One line of a synthesized `init(from:)` (or of the `CodingKeys` it uses), as the teaching
/// view shows it.
public struct InitLine: Sendable, Hashable {
    /// What the line does, so the view can tie it to the decode's trace and to the payload.
    public enum Role: Sendable, Hashable {
        /// The `CodingKeys` enum's opening or closing line (or a per-case key enum's).
        case keysDeclaration
        /// A coding key: the property (or associated value) and the key as the decoder compares it.
        case codingKey(name: String, key: String)
        /// `init(from decoder: any Decoder) throws {` and its closing brace.
        case signature
        /// The container call: `decoder.container(keyedBy:)`, or `singleValueContainer()`.
        case container
        /// One `decode`/`decodeIfPresent` for a property, or the raw value of a raw-value enum.
        case decode(name: String, key: String?, ifPresent: Bool)
        /// An enum with associated values: the check that exactly one case key is present.
        case caseKeyCheck
        /// An enum with associated values: the nested container of one case.
        case nestedContainer(caseName: String)
        /// A raw-value enum: `init(rawValue:)` and the error when no case has that raw value.
        case rawValueCheck
        /// Any other line: braces, `switch`, `self = …`, comments.
        case other
    }

    /// The Swift source, indented.
    public var text: String
    public var role: Role
    /// What a strategy (or the model) changes about this line, as a short remark.
    public var note: String?

    public init(_ text: String, _ role: Role = .other, note: String? = nil) {
        self.text = text
        self.role = role
        self.note = note
    }
}
