/// A line the user is typing at the bottom of the screen: a search, a key path, a type.
public struct Prompt: Hashable, Sendable {
    public enum Purpose: Hashable, Sendable {
        /// `/`: a regular expression over keys and values.
        case search
        /// `?` (jless): the same, searching backwards.
        case searchBackward
        /// `:`: a key path to go to.
        case goTo
        /// `t`: a type from the model files, or a type expression.
        case type
        /// The `dateFormat` of a formatted date strategy (from the `o` menu).
        case dateFormat
    }

    public var purpose: Purpose
    public var text: String
    /// The highlighted entry of a list shown with the prompt (the type picker's matches).
    public var selection: Int

    public init(_ purpose: Purpose, text: String = "", selection: Int = 0) {
        self.purpose = purpose
        self.text = text
        self.selection = selection
    }

    /// What the prompt line starts with.
    public var label: String {
        switch purpose {
        case .search: "/"
        case .searchBackward: "?"
        case .goTo: ":"
        case .type: "type: "
        case .dateFormat: "dateFormat: "
        }
    }

    /// Applies a key typed into the prompt: line editing. Returns false for keys that are
    /// not editing (Enter, Esc, list movement), which the caller handles.
    public mutating func edit(with key: Key) -> Bool {
        switch key {
        case .character(let c):
            text.append(c)
            selection = 0
        case .backspace:
            if !text.isEmpty { text.removeLast() }
            selection = 0
        case .control("u"):
            text = ""
            selection = 0
        case .control("w"):
            while text.last == " " { text.removeLast() }
            while let last = text.last, last != " " { text.removeLast() }
            selection = 0
        default:
            return false
        }
        return true
    }
}
