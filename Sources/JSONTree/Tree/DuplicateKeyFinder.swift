#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds keys that repeat within one object, after unescaping (`"a"` and `"\u0061"` clash).
///
/// One pass over the objects of the table. A plain key's body is found without reading it:
/// walking back from its value over `:` and whitespace reaches its closing quote. Its hash
/// mixes the length with the first and last eight bytes; only equal hashes are compared in
/// full. Escaped keys (and JSON5 keys) are hashed from their unescaped text. Small objects
/// compare hashes pairwise, large ones sort them.
enum DuplicateKeyFinder {
    private struct Member {
        var hash: UInt64
        var node: Int
        /// The key's bytes between the quotes, when it needs no unescaping.
        var body: Range<Int>?
    }

    static func find(in table: borrowing NodeTableBuilder, text: UnsafeBufferPointer<UInt8>, json5: Bool,
                     location: (Int) -> SourceLocation) -> [JSONIssue] {
        var issues: [JSONIssue] = []
        var members: [Member] = []
        let count = table.count
        for object in 0..<count where table.kinds.base[object] & NodeFlags.kindMask == NodeKind.object.rawValue {
            let stop = Int(table.subtreeEnds.base[object])
            // Zero or one member: nothing can repeat.
            guard stop > object + 1, Int(table.subtreeEnds.base[object + 1]) < stop else { continue }
            members.removeAll(keepingCapacity: true)
            var child = object + 1
            while child < stop {
                members.append(member(child, table, text, json5: json5))
                child = Int(table.subtreeEnds.base[child])
            }
            let large = members.count > 32
            if large { members.sort { $0.hash < $1.hash || ($0.hash == $1.hash && $0.node < $1.node) } }
            for a in 0..<members.count {
                for b in (a + 1)..<members.count {
                    if large && members[b].hash != members[a].hash { break }
                    guard members[a].hash == members[b].hash else { continue }
                    let first = min(members[a].node, members[b].node)
                    let later = max(members[a].node, members[b].node)
                    guard table.kinds.base[later] & NodeFlags.duplicateKey == 0,
                          sameKey(members[a], members[b], table, text) else { continue }
                    table.setFlag(NodeFlags.duplicateKey, on: later)
                    let key = TerminalSafeText.escape(unescapedKey(table, first, text))
                    issues.append(JSONIssue(kind: .duplicateKey(key, first: location(Int(table.keys.base[first]))),
                                            node: later, inKey: true, location: location(Int(table.keys.base[later]))))
                }
            }
        }
        return issues
    }

    private static func member(_ node: Int, _ table: borrowing NodeTableBuilder, _ text: UnsafeBufferPointer<UInt8>, json5: Bool) -> Member {
        let keyStart = Int(table.keys.base[node])
        if !json5 && table.kinds.base[node] & NodeFlags.keyEscapes == 0,
           let bodyEnd = closingQuote(before: Int(table.starts.base[node]), in: text), bodyEnd > keyStart {
            let body = (keyStart + 1)..<bodyEnd
            return Member(hash: quickHash(UnsafeRawPointer(text.baseAddress! + body.lowerBound), body.count), node: node, body: body)
        }
        // The same hash over the unescaped bytes, so `"a"` and `"\u0061"` meet.
        let bytes = Array(unescapedKey(table, node, text).utf8)
        let hash = bytes.withUnsafeBytes { quickHash($0.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, bytes.count) }
        return Member(hash: hash, node: node, body: nil)
    }

    /// The offset of a key's closing quote, walking back from its value: `"key" : value`.
    @inline(__always)
    private static func closingQuote(before valueStart: Int, in text: UnsafeBufferPointer<UInt8>) -> Int? {
        var k = valueStart - 1
        while k >= 0, text[k] == 0x20 || text[k] == 0x0A || text[k] == 0x0D || text[k] == 0x09 { k -= 1 }
        guard k >= 0, text[k] == UInt8(ascii: ":") else { return nil }
        k -= 1
        while k >= 0, text[k] == 0x20 || text[k] == 0x0A || text[k] == 0x0D || text[k] == 0x09 { k -= 1 }
        guard k >= 0, text[k] == UInt8(ascii: "\"") else { return nil }
        return k
    }

    /// Length, first and last eight bytes: enough to tell keys apart, without a byte loop.
    @inline(__always)
    private static func quickHash(_ base: UnsafeRawPointer, _ n: Int) -> UInt64 {
        var first: UInt64 = 0
        var last: UInt64 = 0
        if n >= 8 {
            first = base.loadUnaligned(as: UInt64.self)
            last = base.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        } else {
            for k in 0..<n { first = first << 8 | UInt64(base.load(fromByteOffset: k, as: UInt8.self)) }
        }
        var h = UInt64(n) &* 0x9E37_79B9_7F4A_7C15
        h ^= first &* 0xBF58_476D_1CE4_E5B9
        h ^= (last << 31 | last >> 33) &* 0x94D0_49BB_1331_11EB
        return h
    }

    private static func sameKey(_ a: Member, _ b: Member, _ table: borrowing NodeTableBuilder, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        if let x = a.body, let y = b.body {
            return x.count == y.count && memcmp(text.baseAddress! + x.lowerBound, text.baseAddress! + y.lowerBound, x.count) == 0
        }
        return unescapedKey(table, a.node, text) == unescapedKey(table, b.node, text)
    }

    private static func unescapedKey(_ table: borrowing NodeTableBuilder, _ node: Int, _ text: UnsafeBufferPointer<UInt8>) -> String {
        let start = Int(table.keys.base[node])
        let end = StringText.tokenEnd(in: text, from: start) ?? start
        return StringText.value(of: text, start..<end, hasEscapes: table.kinds.base[node] & NodeFlags.keyEscapes != 0)
    }
}
