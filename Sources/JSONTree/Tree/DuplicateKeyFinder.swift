/// Finds keys that repeat within one object, after unescaping (`"a"` and `"\u0061"` clash).
///
/// One pass over the objects of the table: each member's key is hashed (FNV-1a over its
/// unescaped bytes); equal hashes are confirmed by comparing the keys themselves. Small
/// objects compare hashes pairwise, large ones sort them.
enum DuplicateKeyFinder {
    static func find(in table: borrowing NodeTableBuilder, text: UnsafeBufferPointer<UInt8>, json5: Bool,
                     location: (Int) -> SourceLocation) -> [JSONIssue] {
        var issues: [JSONIssue] = []
        var scratch: [(hash: UInt64, node: Int)] = []
        let count = table.count
        for object in 0..<count where table.kinds.base[object] & NodeFlags.kindMask == NodeKind.object.rawValue {
            scratch.removeAll(keepingCapacity: true)
            var child = object + 1
            let stop = Int(table.subtreeEnds.base[object])
            while child < stop {
                let keyStart = Int(table.keys.base[child])
                let escaped = table.kinds.base[child] & NodeFlags.keyEscapes != 0
                scratch.append((hash(keyAt: keyStart, escaped: escaped, text), child))
                child = Int(table.subtreeEnds.base[child])
            }
            guard scratch.count > 1 else { continue }
            if scratch.count > 32 { scratch.sort { $0.hash < $1.hash || ($0.hash == $1.hash && $0.node < $1.node) } }
            var reported = Set<Int>()
            for a in 0..<scratch.count {
                for b in (a + 1)..<scratch.count {
                    if scratch.count > 32 && scratch[b].hash != scratch[a].hash { break }
                    guard scratch[a].hash == scratch[b].hash, !reported.contains(scratch[b].node) else { continue }
                    let first = min(scratch[a].node, scratch[b].node)
                    let later = max(scratch[a].node, scratch[b].node)
                    let firstKey = key(table, first, text)
                    guard firstKey == key(table, later, text) else { continue }
                    reported.insert(later)
                    table.setFlag(NodeFlags.duplicateKey, on: later)
                    issues.append(JSONIssue(kind: .duplicateKey(TerminalSafeText.escape(firstKey), first: location(Int(table.keys.base[first]))),
                                            node: later, inKey: true, location: location(Int(table.keys.base[later]))))
                }
            }
        }
        return issues
    }

    private static func key(_ table: borrowing NodeTableBuilder, _ node: Int, _ text: UnsafeBufferPointer<UInt8>) -> String {
        let start = Int(table.keys.base[node])
        let end = StringText.tokenEnd(in: text, from: start) ?? start
        return StringText.value(of: text, start..<end, hasEscapes: table.kinds.base[node] & NodeFlags.keyEscapes != 0)
    }

    private static func hash(keyAt start: Int, escaped: Bool, _ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        if escaped {
            let end = StringText.tokenEnd(in: text, from: start) ?? start
            for b in StringText.value(of: text, start..<end, hasEscapes: true).utf8 {
                h = (h ^ UInt64(b)) &* 0x100_0000_01b3
            }
            return h
        }
        let quote = text[start]
        var k = start + 1
        while k < text.count, text[k] != quote {
            h = (h ^ UInt64(text[k])) &* 0x100_0000_01b3
            k += 1
        }
        return h
    }
}
