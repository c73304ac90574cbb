/// One replacement in a file's UTF-8 bytes.
struct TextEdit: Hashable {
    var range: Range<Int>
    var replacement: String

    /// The text with the edits made; edits must not overlap. Offsets refer to the original text.
    static func apply(_ edits: [TextEdit], to text: String) -> String {
        var bytes = Array(text.utf8)
        for edit in edits.sorted(by: { ($0.range.lowerBound, $0.range.upperBound) > ($1.range.lowerBound, $1.range.upperBound) }) {
            bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Edits to one model file.
struct FileEdits: Hashable {
    var path: String
    var edits: [TextEdit]
}
