/// What has the keyboard: the tree, or something drawn over it.
public enum Mode: Hashable, Sendable {
    case browse
    case help
    /// A line being typed at the bottom (search, go to a path, pick a type).
    case prompt(Prompt)
    /// A value shown whole, wrapped, scrollable (`p`).
    case pager(Pager)
}

/// A one-line message for the user at the bottom of the screen, until the next key.
public struct StatusMessage: Hashable, Sendable {
    public enum Tone: Hashable, Sendable { case info, error }
    public var text: String
    public var tone: Tone

    public init(_ text: String, tone: Tone = .info) {
        self.text = text
        self.tone = tone
    }
}
