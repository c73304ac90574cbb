/// What has the keyboard: the tree, or something drawn over it.
public enum Mode: Hashable, Sendable {
    case browse
    case help
    /// A line being typed at the bottom (search, go to a path, pick a type).
    case prompt(Prompt)
    /// `o`: the decoding options, one highlighted.
    case options(selection: Int)
    /// `i`: stepping through the container calls of the synthesized `init(from:)`.
    case stepping(index: Int)
    /// `f`: the verified fixes for one error, one highlighted; `confirming` asks before writing.
    case fixes(error: Int, selection: Int, confirming: Bool)
    /// A value shown whole, wrapped, scrollable (`p`).
    case pager(Pager)
    /// `S`: the tour's scenarios, each with its ABOUT.md.
    case scenarios(ScenarioPicker)
}

extension Mode {
    /// A line is being typed at the bottom.
    var isPrompt: Bool {
        if case .prompt = self { return true }
        return false
    }
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
