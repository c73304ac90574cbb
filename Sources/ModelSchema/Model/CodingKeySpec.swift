/// A coding key as the compiler would generate it: its `stringValue` and optional `intValue`.
public struct CodingKeySpec: Sendable, Hashable, Codable {
    public var stringValue: String
    public var intValue: Int?

    public init(stringValue: String, intValue: Int? = nil) {
        self.stringValue = stringValue
        self.intValue = intValue
    }
}
