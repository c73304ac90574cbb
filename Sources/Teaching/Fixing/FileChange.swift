/// One model file before and after a fix.
public struct FileChange: Sendable, Hashable, Codable {
    /// The file as the model was loaded from (`--model`).
    public var path: String
    /// Its text when the fix was computed; writing refuses if the file no longer holds it.
    public var original: String
    public var edited: String

    public init(path: String, original: String, edited: String) {
        self.path = path
        self.original = original
        self.edited = edited
    }

    /// The change as a unified diff (`--- a/…`, `+++ b/…`, hunks with 3 lines of context).
    public var diff: String { UnifiedDiff(old: original, new: edited, path: path).text }
}
