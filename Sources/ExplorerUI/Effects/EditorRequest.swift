import JSONTree

/// What `v` / `V` open in `$EDITOR`: a temporary copy of a value, or of the whole payload,
/// and the line to put the editor at. The payload itself is never opened, so the editor can
/// change nothing unless the user saves the copy, which is then kept and named.
public struct EditorRequest: Hashable, Sendable {
    /// The value's text (dedented, as the pager shows it); nil: the payload's bytes whole.
    public var text: String?
    /// The 1-based line to open at.
    public var line: Int
    /// The temporary file's name, for the user: `payload.json` or `value.json`.
    public var fileName: String

    public init(text: String?, line: Int, fileName: String) {
        self.text = text
        self.line = line
        self.fileName = fileName
    }
}
