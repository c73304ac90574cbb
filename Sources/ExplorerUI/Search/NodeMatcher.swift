import JSONTree

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which nodes a search matches: a member whose key matches, or a string, number, boolean or
/// null whose value does (strings unescaped; the others by their text in the payload).
///
/// Reads the payload's bytes first: a key or value without a backslash is its own text, so
/// when it lacks the pattern's required literal it is skipped without building a `String`.
/// That keeps a scan of millions of nodes at a few tens of nanoseconds a node.
struct NodeMatcher {
    let tree: JSONTree
    let pattern: SearchPattern

    /// Whether the node's key matches (false for nodes that are not object members).
    func keyMatches(_ node: NodeID) -> Bool {
        tree.text.withUnsafeBufferPointer { keyMatches(node, in: $0) }
    }

    /// Whether the node's value matches (false for objects and arrays).
    func valueMatches(_ node: NodeID) -> Bool {
        tree.text.withUnsafeBufferPointer { valueMatches(node, in: $0) }
    }

    func matches(_ node: NodeID) -> Bool {
        tree.text.withUnsafeBufferPointer { keyMatches(node, in: $0) || valueMatches(node, in: $0) }
    }

    /// Looks at nodes in document order from `start` up to `end`, appending matches to
    /// `found`, until `deadline` passes (or, with `stopAtMatch`, just after a match); returns
    /// the node it stopped before.
    func scan(from start: NodeID, to end: NodeID, stopAtMatch: Bool, into found: inout [UInt32]) -> NodeID {
        tree.text.withUnsafeBufferPointer { text in
            var node = start
            while node < end {
                if keyMatches(node, in: text) || valueMatches(node, in: text) {
                    found.append(UInt32(node))
                    if stopAtMatch { return node + 1 }
                }
                node += 1
            }
            return node
        }
    }

    private func keyMatches(_ node: NodeID, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let range = tree.keyByteRange(node) else { return false }
        return bodyMatches(unquoted(range, in: text), in: text) { tree.key(node) ?? "" }
    }

    private func valueMatches(_ node: NodeID, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        switch tree.kind(node) {
        case .object, .array:
            return false
        case .string:
            return bodyMatches(unquoted(tree.byteRange(node), in: text), in: text) { tree.stringValue(node) ?? "" }
        case .number, .bool, .null:
            return bodyMatches(tree.byteRange(node), in: text) { tree.rawText(node) }
        }
    }

    /// A string token's contents without its quotes (an unquoted JSON5 key as it is).
    private func unquoted(_ range: Range<Int>, in text: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        guard range.count >= 2, text[range.lowerBound] == UInt8(ascii: "\"") || text[range.lowerBound] == UInt8(ascii: "'") else {
            return range
        }
        return (range.lowerBound + 1)..<(range.upperBound - 1)
    }

    @inline(__always)
    private func bodyMatches(_ body: Range<Int>, in text: UnsafeBufferPointer<UInt8>, unescaped: () -> String) -> Bool {
        let bytes = UnsafeBufferPointer(rebasing: text[body])
        if let base = bytes.baseAddress, memchr(base, 0x5C, bytes.count) != nil {
            // Escapes: only the unescaped text can say.
            return pattern.matches(unescaped())
        }
        guard pattern.mayMatch(bytes) else { return false }
        return pattern.matches(String(decoding: bytes, as: UTF8.self))
    }
}
