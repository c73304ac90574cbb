/// The bits packed with a node's kind in the table's first column.
///
/// Bits 0-2 hold the ``NodeKind``; the rest are facts the scan learned about the node.
enum NodeFlags {
    static let kindMask: UInt8 = 0b0000_0111
    /// The string value contains a backslash escape (it must be unescaped to be read).
    static let escapes: UInt8 = 1 << 3
    /// The member's key contains a backslash escape, or is a JSON5 unquoted or single-quoted key.
    static let keyEscapes: UInt8 = 1 << 4
    /// The node is not in the text: the root array that holds the records of JSON Lines.
    static let synthetic: UInt8 = 1 << 5
    /// The member's key already appeared earlier in the same object.
    static let duplicateKey: UInt8 = 1 << 6
    /// The node (value or key) has at least one ``JSONIssue``.
    static let hasIssue: UInt8 = 1 << 7
}
