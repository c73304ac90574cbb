/// One Swift model file: its path (used in locations) and its text.
public struct ModelSource: Sendable, Hashable {
    public var path: String
    public var text: String

    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}
