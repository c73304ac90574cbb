import Foundation
import JSONTree

/// Finding the members of an object by key, as `JSONDecoder` matches them, without building
/// strings for the payload's keys: the engine looks up every key of every object it decodes.
///
/// The rule is ``KeyMatching``'s (Foundation's): the first member in document order whose key,
/// converted under `.convertFromSnakeCase`, equals the coding key. Example: with
/// `.convertFromSnakeCase`, the keys `["id", "nodeId"]` in `{"node_id": "I_1", "id": 7,
/// "nodeId": "x"}` find `"id"` and `"node_id"`, the first member that converts to `nodeId`;
/// the later `"nodeId"` is ignored, as `JSONDecoder` ignores it.
extension CodingPathResolver {
    /// The member that the coding key `key` finds (``KeyMatching/member(of:key:in:keys:)``).
    func member(of node: NodeID, key: String) -> NodeID? {
        // JSONTree compares a plain key in place; the table is needed only for snake_case.
        guard keys == .convertFromSnakeCase else { return tree.member(node, key: key) }
        return members(of: node, keys: KeyTable([key]))[0]
    }

    /// For each key, what ``member(of:key:)`` finds, in one pass over the object's members.
    ///
    /// Payloads mostly list members in the model's order, so each member is compared with the
    /// key after the last one found first; it stops comparing once no other key can match.
    func members(of node: NodeID, keys table: KeyTable) -> [NodeID?] {
        let tree = self.tree
        let count = table.keys.count
        var exact = [NodeID?](repeating: nil, count: count)
        guard tree.kind(node) == .object, count > 0 else { return exact }
        let snakeCase = keys == .convertFromSnakeCase
        var unmatched = count
        var cursor = 0
        table.bytes.withUnsafeBufferPointer { keyBytes in
            table.offsets.withUnsafeBufferPointer { offsets in
                tree.text.withUnsafeBufferPointer { text in
                    var next = tree.firstChild(node)
                    while let member = next, unmatched > 0 {
                        next = tree.nextSibling(member)
                        let key = MemberKey(member, in: tree, text: text)
                        let start = cursor
                        for step in 0..<count {
                            let i = start + step < count ? start + step : start + step - count
                            guard exact[i] == nil else { continue }
                            let wanted = UnsafeBufferPointer(rebasing: keyBytes[offsets[i]..<offsets[i + 1]])
                            // Under snake_case a key without inner underscores converts to
                            // itself; any other is compared converted, never as written.
                            let matches =
                                !snakeCase || key.innerUnderscores == 0
                                ? key.length == wanted.count && key.equals(wanted)
                                : key.mayConvert(toLength: table.asciiLengths[i])
                                    && key.converts(to: table.keys[i], bytes: wanted, ascii: table.asciiLengths[i] >= 0, tree: tree)
                            if matches {
                                exact[i] = member
                                unmatched -= 1
                                cursor = i + 1 == count ? 0 : i + 1
                                // The member's (converted) key is one string: it finds no other unique key.
                                if table.isUnique { break }
                            }
                        }
                    }
                }
            }
        }
        return exact
    }
}

/// Keys to look up in objects, with what the lookup needs to know of them, worked out once.
struct KeyTable {
    let keys: [String]
    /// Their UTF-8 bytes one after another: key `i` is `bytes[offsets[i]..<offsets[i + 1]]`.
    let bytes: [UInt8]
    let offsets: [Int]
    /// UTF-8 lengths of ASCII keys, -1 for others (whose snake-case match is decided by
    /// String comparison, canonical equivalence included, so length says nothing).
    let asciiLengths: [Int]
    /// No two keys are equal strings: a member matches at most one exactly, and converts to at most one.
    let isUnique: Bool
    /// Some key contains `_`: a member whose converted key matched may also match one exactly.
    let hasUnderscores: Bool

    init(_ keys: [String]) {
        self.keys = keys
        bytes = keys.flatMap { Array($0.utf8) }
        offsets = keys.reduce(into: [0]) { $0.append($0.last! + $1.utf8.count) }
        asciiLengths = keys.map { key in key.utf8.allSatisfy { $0 < 0x80 } ? key.utf8.count : -1 }
        isUnique = keys.count < 2 || Set(keys).count == keys.count
        hasUnderscores = keys.contains { $0.utf8.contains(UInt8(ascii: "_")) }
    }
}

/// One member's key, read once and compared with many wanted keys.
private struct MemberKey {
    /// The bytes between the quotes, when they need no unescaping.
    let raw: UnsafeBufferPointer<UInt8>?
    /// The key unescaped, when it has escapes (or is an unquoted JSON5 key).
    let unescaped: String?
    /// The UTF-8 length of the key.
    let length: Int
    /// Underscores inside an ASCII key, between its first and last other character: what
    /// the snake-case conversion removes (-1 when unknown: not ASCII).
    let innerUnderscores: Int
    let member: NodeID

    init(_ member: NodeID, in tree: JSONTree, text: UnsafeBufferPointer<UInt8>) {
        self.member = member
        if let range = tree.keyByteRange(member), range.count >= 2, Self.isQuote(text[range.lowerBound]),
            text[range.upperBound - 1] == text[range.lowerBound]
        {
            let body = UnsafeBufferPointer(rebasing: text[(range.lowerBound + 1)..<(range.upperBound - 1)])
            if let underscores = Self.innerUnderscores(inPlain: body) {
                raw = body
                unescaped = nil
                length = body.count
                innerUnderscores = underscores
                return
            }
        }
        raw = nil
        unescaped = tree.key(member)
        length = unescaped?.utf8.count ?? -1
        innerUnderscores = -1
    }

    /// Exactly this key: the same bytes (after unescaping), as `JSONDecoder` matches keys.
    /// `wanted` has this key's length.
    func equals(_ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        if let raw {
            guard let a = raw.baseAddress, let b = wanted.baseAddress, !raw.isEmpty else { return wanted.isEmpty }
            return memcmp(a, b, raw.count) == 0
        }
        return unescaped.map { $0.utf8.elementsEqual(wanted) } ?? false
    }

    /// Whether the converted key can equal a wanted key of this length (-1: not ASCII), a
    /// cheap test before ``converts(to:bytes:ascii:tree:)``. An ASCII key without inner
    /// underscores converts to itself, so it only ever matches exactly.
    func mayConvert(toLength wantedLength: Int) -> Bool {
        guard innerUnderscores >= 0, wantedLength >= 0 else { return true }
        return innerUnderscores > 0 && length - innerUnderscores == wantedLength
    }

    /// Whether `SnakeCase.convert` turns this key into `wanted` (whose UTF-8 is `bytes`).
    func converts(to wanted: String, bytes: UnsafeBufferPointer<UInt8>, ascii: Bool, tree: JSONTree) -> Bool {
        if let raw, ascii, innerUnderscores >= 0 {
            return SnakeCase.converted(ascii: raw, equals: bytes)
        }
        return tree.key(member).map(SnakeCase.convert) == wanted
    }

    private static func isQuote(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// One pass over a quoted key's bytes: nil when it has escapes; else the underscores
    /// between its first and last other byte when it is ASCII, -1 when it is not.
    private static func innerUnderscores(inPlain body: UnsafeBufferPointer<UInt8>) -> Int? {
        let underscore = UInt8(ascii: "_")
        var isASCII = true
        var underscores = 0
        var leading = 0
        var trailing = 0
        var seenOther = false
        for byte in body {
            if byte == UInt8(ascii: "\\") { return nil }
            if byte >= 0x80 { isASCII = false }
            if byte == underscore {
                underscores += 1
                if seenOther { trailing += 1 } else { leading += 1 }
            } else {
                seenOther = true
                trailing = 0
            }
        }
        return isASCII ? underscores - leading - trailing : -1
    }
}
