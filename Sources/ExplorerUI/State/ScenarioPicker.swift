/// The tour's scenarios (SamplePayloads), one highlighted, its ABOUT.md beside the list.
public struct ScenarioPicker: Hashable, Sendable {
    /// One scenario: its folder name, its ABOUT.md's title and text, its payload.
    public struct Entry: Hashable, Sendable {
        public var name: String
        public var title: String
        public var about: String
        public var payloadPath: String

        public init(name: String, title: String, about: String, payloadPath: String) {
            self.name = name
            self.title = title
            self.about = about
            self.payloadPath = payloadPath
        }
    }

    public var entries: [Entry]
    public var selection: Int
    /// The first line of the highlighted ABOUT.md on show.
    public var aboutTop = 0

    public init(entries: [Entry], selection: Int = 0) {
        self.entries = entries
        self.selection = selection
    }
}

/// A move in the scenario picker.
public enum ScenarioMove: Hashable, Sendable {
    case by(Int)
    /// Scroll the ABOUT.md text.
    case scrollAbout(Int)
    /// Open the highlighted scenario (the explorer starts again on it).
    case open
    case close
}
