import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension DuplicateKeyFinder {
    struct Member {
        var hash: Int
        var node: Int
        /// The key's bytes between the quotes, when it needs no unescaping.
        var body: Range<Int>?
    }

    /// The columns the search reads, and the text: read-only while parts of the table are
    /// searched on several threads at once (the builder itself cannot cross into them).
    struct Columns: @unchecked Sendable {
        let kinds: UnsafePointer<UInt8>
        let starts: UnsafePointer<UInt32>
        let subtreeEnds: UnsafePointer<UInt32>
        let keys: UnsafePointer<UInt32>
        let text: UnsafeBufferPointer<UInt8>
        let json5: Bool

        init(_ table: borrowing NodeTableBuilder, text: UnsafeBufferPointer<UInt8>, json5: Bool) {
            kinds = UnsafePointer(table.kinds.base)
            starts = UnsafePointer(table.starts.base)
            subtreeEnds = UnsafePointer(table.subtreeEnds.base)
            keys = UnsafePointer(table.keys.base)
            self.text = text
            self.json5 = json5
        }

        /// The (later, first) member pairs of the repeated keys of the objects among `objects`
        /// (each object's members are searched whole, wherever they end), in document order.
        func pairs(objects: Range<Int>, counter: ComparisonCounter?) -> [(later: Int, first: Int)] {
            var pairs: [(later: Int, first: Int)] = []
            var members: [Member] = []
            var representatives: [Member] = []
            for object in objects where kinds[object] & NodeFlags.kindMask == NodeKind.object.rawValue {
                let stop = Int(subtreeEnds[object])
                // Zero or one member: nothing can repeat.
                guard stop > object + 1, Int(subtreeEnds[object + 1]) < stop else { continue }
                members.removeAll(keepingCapacity: true)
                var child = object + 1
                var allPlain = true
                while child < stop {
                    let member = member(child)
                    allPlain = allPlain && member.body != nil
                    members.append(member)
                    child = Int(subtreeEnds[child])
                }
                if members.count <= 32 {
                    // At most 32 x 31 / 2 comparisons, whatever the hashes: plain keys need no
                    // SipHash here, their length and end bytes sort out nearly every pair.
                    for k in members.indices {
                        members[k].hash = allPlain ? signature(members[k].body!) : fullHash(members[k])
                    }
                    // Which members are already known to repeat an earlier one (bit b: members[b]).
                    var repeated: UInt64 = 0
                    for a in 0..<members.count {
                        for b in (a + 1)..<members.count where members[a].hash == members[b].hash {
                            guard repeated & (1 << UInt64(b)) == 0 else { continue }
                            counter?.count += 1
                            guard sameKey(members[a], members[b]) else { continue }
                            repeated |= 1 << UInt64(b)
                            pairs.append((members[b].node, members[a].node))
                        }
                    }
                    continue
                }
                for k in members.indices { members[k].hash = fullHash(members[k]) }
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
                            if sameKey(representative, candidate) { matched = representative; break }
                        }
                        if let first = matched {
                            pairs.append((candidate.node, first.node))
                        } else {
                            representatives.append(candidate)
                        }
                    }
                    runStart = runEnd
                }
            }
            return pairs
        }

        /// A member, its hash still to be set.
        private func member(_ node: Int) -> Member {
            let keyStart = Int(keys[node])
            if !json5 && kinds[node] & NodeFlags.keyEscapes == 0,
                let bodyEnd = closingQuote(before: Int(starts[node])), bodyEnd > keyStart,
                !text[(keyStart + 1)..<bodyEnd].contains(where: { $0 >= 0x80 })
            {
                // ASCII, which is its own canonical form: its bytes are the key.
                return Member(hash: 0, node: node, body: (keyStart + 1)..<bodyEnd)
            }
            return Member(hash: 0, node: node, body: nil)
        }

        /// SipHash of the key: of its bytes when plain, else of the unescaped text in its canonical
        /// composed form (NFC), so `"a"` and `"\u0061"` meet, and so do the spellings of one key
        /// that Swift's `==` takes as equal.
        private func fullHash(_ member: Member) -> Int {
            if let body = member.body {
                return Self.fullHash(UnsafeRawBufferPointer(start: text.baseAddress! + body.lowerBound, count: body.count))
            }
            let bytes = Array(unescapedKey(member.node).precomposedStringWithCanonicalMapping.utf8)
            return bytes.withUnsafeBytes { Self.fullHash($0) }
        }

        /// The length and the first and last eight bytes of a plain key, mixed: cheap, and easy to
        /// make collide, so used only where the comparisons are bounded anyway (small objects).
        @inline(__always)
        private func signature(_ body: Range<Int>) -> Int {
            let n = body.count
            let base = UnsafeRawPointer(text.baseAddress! + body.lowerBound)
            var first: UInt64 = 0
            var last: UInt64 = 0
            if n >= 8 {
                first = base.loadUnaligned(as: UInt64.self)
                last = (base + (n - 8)).loadUnaligned(as: UInt64.self)
            } else {
                for k in 0..<n { first = first << 8 | UInt64(base.load(fromByteOffset: k, as: UInt8.self)) }
            }
            let mixed = (UInt64(n) &* 0x9E37_79B9_7F4A_7C15) ^ first ^ (last << 29 | last >> 35)
            return Int(truncatingIfNeeded: mixed)
        }

        /// The offset of a key's closing quote, walking back from its value: `"key" : value`.
        @inline(__always)
        private func closingQuote(before valueStart: Int) -> Int? {
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

        private func sameKey(_ a: Member, _ b: Member) -> Bool {
            if let x = a.body, let y = b.body {
                return x.count == y.count && memcmp(text.baseAddress! + x.lowerBound, text.baseAddress! + y.lowerBound, x.count) == 0
            }
            // Swift's `==`: canonical equivalence, as JSONDecoder's dictionary of keys compares them.
            return unescapedKey(a.node) == unescapedKey(b.node)
        }

        func unescapedKey(_ node: Int) -> String {
            let start = Int(keys[node])
            let end = StringText.tokenEnd(in: text, from: start) ?? start
            return StringText.value(of: text, start..<end, hasEscapes: kinds[node] & NodeFlags.keyEscapes != 0)
        }
    }

    /// Each part's pairs, stored by the thread that searched it, joined in the parts' order.
    final class PartResults: @unchecked Sendable {
        private var parts: [[(later: Int, first: Int)]]
        private let lock = NSLock()

        init(_ count: Int) { parts = Array(repeating: [], count: count) }

        func store(_ pairs: [(later: Int, first: Int)], at part: Int) {
            lock.lock(); defer { lock.unlock() }
            parts[part] = pairs
        }

        func joined() -> [(later: Int, first: Int)] {
            lock.lock(); defer { lock.unlock() }
            return parts.flatMap { $0 }
        }
    }
}
