/// A place in the user's payload: 1-based line and column, 0-based byte offset.
///
/// `offset` counts bytes of the file as the user has it (for UTF-16 or UTF-32 input, bytes
/// of that encoding). `column` counts Unicode scalars from the start of the line, so it is
/// the same whatever the encoding and matches what an editor shows for most text.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible, Codable {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `line:column`, as compilers print it.
    public var description: String { "\(line):\(column)" }
}
