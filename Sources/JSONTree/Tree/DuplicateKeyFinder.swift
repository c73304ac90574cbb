import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds keys that repeat within one object, after unescaping (`"a"` and `"\u0061"` clash), as
/// `JSONDecoder` compares them: as Swift strings, equal under Unicode canonical equivalence (an
/// NFC `"é"` and an NFD `"e\u{301}"` are one key, and so are `"K"` and the Kelvin sign; the first wins).
///
/// One pass over the objects of the table. A plain key's body is found without reading it:
/// walking back from its value over `:` and whitespace reaches its closing quote. Every byte
/// of the key is hashed (with the process's seeded `Hasher`, so no payload can be crafted to
/// collide); only equal hashes are compared in full. Escaped keys (and JSON5 keys) are hashed
/// from their unescaped text. Small objects compare hashes pairwise; large ones sort them and
/// compare each key with the first key of each distinct text in its run of equal hashes, so
/// 40,000 repeats of one key cost 40,000 comparisons, not 800 million. Locations are counted
/// in offset order, so many duplicates on one long line cost one pass over it.
enum DuplicateKeyFinder {
    private struct Member {
        var hash: Int
        var node: Int
        /// The key's bytes between the quotes, when it needs no unescaping.
        var body: Range<Int>?
    }

    /// Byte comparisons made by the last `find` on this thread (tests count work with it).
    @TaskLocal static var comparisons: ComparisonCounter?

    final class ComparisonCounter: @unchecked Sendable {
        var count = 0
        init() {}
    }

    static func find(
        in table: borrowing NodeTableBuilder, text: UnsafeBufferPointer<UInt8>, json5: Bool,
        location: (Int) -> SourceLocation
    ) -> [JSONIssue] {
        // (later, first) member pairs; located once all are known.
        var pairs: [(later: Int, first: Int)] = []
        var members: [Member] = []
        var representatives: [Member] = []
        let counter = comparisons
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
            if members.count <= 32 {
                for a in 0..<members.count {
                    for b in (a + 1)..<members.count where members[a].hash == members[b].hash {
                        let later = members[b].node
                        guard table.kinds.base[later] & NodeFlags.duplicateKey == 0 else { continue }
                        counter?.count += 1
                        guard sameKey(members[a], members[b], table, text) else { continue }
                        table.setFlag(NodeFlags.duplicateKey, on: later)
                        pairs.append((later, members[a].node))
                    }
                }
                continue
            }
            // Members are in document order: a stable sort by hash keeps it within a run.
            members.sort { $0.hash < $1.hash || ($0.hash == $1.hash && $0.node < $1.node) }
            var runStart = 0
            while runStart < members.count {
                var runEnd = runStart + 1
                while runEnd < members.count && members[runEnd].hash == members[runStart].hash { runEnd += 1 }
                representatives.removeAll(keepingCapacity: true)
                representatives.append(members[runStart])
                for k in (runStart + 1)..<runEnd {
                    let candidate = members[k]
                    var matched: Member?
                    for representative in representatives {
                        counter?.count += 1
                        if sameKey(representative, candidate, table, text) { matched = representative; break }
                    }
                    if let first = matched {
                        table.setFlag(NodeFlags.duplicateKey, on: candidate.node)
                        pairs.append((candidate.node, first.node))
                    } else {
                        representatives.append(candidate)
                    }
                }
                runStart = runEnd
            }
        }
        guard !pairs.isEmpty else { return [] }
        // Every key offset wanted, located in increasing order (one pass along each line).
        var offsets = pairs.flatMap { [Int(table.keys.base[$0.later]), Int(table.keys.base[$0.first])] }
        offsets.sort()
        var located: [Int: SourceLocation] = [:]
        located.reserveCapacity(offsets.count)
        for offset in offsets where located[offset] == nil { located[offset] = location(offset) }
        pairs.sort { $0.later < $1.later }
        var issues: [JSONIssue] = []
        issues.reserveCapacity(pairs.count)
        var keyTexts: [Int: String] = [:]
        for (later, first) in pairs {
            let key: String
            if let known = keyTexts[first] {
                key = known
            } else {
                key = TerminalSafeText.escape(unescapedKey(table, first, text))
                keyTexts[first] = key
            }
            issues.append(
                JSONIssue(
                    kind: .duplicateKey(key, first: located[Int(table.keys.base[first])]!),
                    node: later, inKey: true, location: located[Int(table.keys.base[later])]!))
        }
        return issues
    }

    /// Marks the content issues inside values JSONDecoder never reads (each repeated key's
    /// value, and all below it). Structure still counts there: the nesting limit is kept,
    /// and so are problems in the repeated key itself, which Foundation does read.
    static func markIssuesUnderRepeatedKeys(_ issues: inout [JSONIssue], duplicates: [JSONIssue], table: borrowing NodeTableBuilder) {
        guard !duplicates.isEmpty, !issues.isEmpty else { return }
        // Disjoint ranges of nodes, in document order (a repeat inside a repeat is covered).
        var ranges: [Range<Int>] = []
        for node in duplicates.map(\.node).sorted() {
            if let last = ranges.last, last.contains(node) { continue }
            ranges.append(node..<Int(table.subtreeEnds.base[node]))
        }
        for k in issues.indices {
            let issue = issues[k]
            if case .nestingTooDeep = issue.kind { continue }
            // The last range starting at or before the node.
            var lo = 0
            var hi = ranges.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if ranges[mid].lowerBound <= issue.node { lo = mid + 1 } else { hi = mid }
            }
            guard lo > 0, ranges[lo - 1].contains(issue.node) else { continue }
            if issue.inKey && issue.node == ranges[lo - 1].lowerBound { continue }
            issues[k].isUnderRepeatedKey = true
        }
    }

    private static func member(_ node: Int, _ table: borrowing NodeTableBuilder, _ text: UnsafeBufferPointer<UInt8>, json5: Bool) -> Member
    {
        let keyStart = Int(table.keys.base[node])
        if !json5 && table.kinds.base[node] & NodeFlags.keyEscapes == 0,
            let bodyEnd = closingQuote(before: Int(table.starts.base[node]), in: text), bodyEnd > keyStart,
            !text[(keyStart + 1)..<bodyEnd].contains(where: { $0 >= 0x80 })
        {
            // ASCII, which is its own canonical form: its bytes are the key.
            let body = (keyStart + 1)..<bodyEnd
            return Member(
                hash: fullHash(UnsafeRawBufferPointer(start: text.baseAddress! + body.lowerBound, count: body.count)), node: node,
                body: body)
        }
        // The same hash over the unescaped text in its canonical composed form (NFC), so `"a"` and
        // `"\u0061"` meet, and so do the spellings of one key that Swift's `==` takes as equal.
        let bytes = Array(unescapedKey(table, node, text).precomposedStringWithCanonicalMapping.utf8)
        let hash = bytes.withUnsafeBytes { fullHash($0) }
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

    /// Every byte of the key, through the process's randomly seeded SipHash.
    @inline(__always)
    private static func fullHash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes: bytes)
        return hasher.finalize()
    }

    private static func sameKey(_ a: Member, _ b: Member, _ table: borrowing NodeTableBuilder, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        if let x = a.body, let y = b.body {
            return x.count == y.count && memcmp(text.baseAddress! + x.lowerBound, text.baseAddress! + y.lowerBound, x.count) == 0
        }
        // Swift's `==`: canonical equivalence, as JSONDecoder's dictionary of keys compares them.
        return unescapedKey(table, a.node, text) == unescapedKey(table, b.node, text)
    }

    private static func unescapedKey(_ table: borrowing NodeTableBuilder, _ node: Int, _ text: UnsafeBufferPointer<UInt8>) -> String {
        let start = Int(table.keys.base[node])
        let end = StringText.tokenEnd(in: text, from: start) ?? start
        return StringText.value(of: text, start..<end, hasEscapes: table.kinds.base[node] & NodeFlags.keyEscapes != 0)
    }
}
