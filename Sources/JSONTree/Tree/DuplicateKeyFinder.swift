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
/// walking back from its value over `:` and whitespace reaches its closing quote. Small objects
/// (32 members or fewer) compare hashes pairwise, so at most 496 pairs are compared in full
/// whatever the hashes: when every key is plain ASCII their hash is a cheap signature (length,
/// first and last eight bytes). Otherwise every byte of the key is hashed (with the process's
/// seeded `Hasher`, so no payload can be crafted to collide); only equal hashes are compared in
/// full. Escaped keys (and JSON5 keys) are hashed from their unescaped text. Large objects sort
/// the hashes and
/// compare each key with the first key of each distinct text in its run of equal hashes, so
/// 40,000 repeats of one key cost 40,000 comparisons, not 800 million. Locations are counted
/// in offset order, so many duplicates on one long line cost one pass over it.
/// A table of a million nodes or more is searched in parts on every core (objects are
/// independent, the parts only read the table); the flags are set once every part is done, so the
/// answer is the one-thread answer (`DuplicateKeyPartsTests`).
enum DuplicateKeyFinder {
    /// From this many nodes on, the table is searched in parts, in parallel (a 100 MB payload
    /// has about 2.7 million).
    static let minimumNodesForParts = 1_000_000

    /// The number of parts to search in whatever the table's size (tests compare answers).
    @TaskLocal static var forcedParts: Int?

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
        let columns = Columns(table, text: text, json5: json5)
        let count = table.count
        let counter = comparisons
        // A large table is searched in parts on every core: objects are independent, and each
        // part only reads the table (the flags are set below, once every part is done). A test
        // counting comparisons (a task-local, which other threads do not see) searches in one.
        let parts =
            counter != nil ? 1 : forcedParts ?? (count >= minimumNodesForParts ? 4 * ProcessInfo.processInfo.activeProcessorCount : 1)
        var pairs: [(later: Int, first: Int)]
        if parts <= 1 {
            pairs = columns.pairs(objects: 0..<count, counter: counter)
        } else {
            let results = PartResults(parts)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let range = (count * part / parts)..<(count * (part + 1) / parts)
                results.store(columns.pairs(objects: range, counter: nil), at: part)
            }
            pairs = results.joined()
        }
        for pair in pairs { table.setFlag(NodeFlags.duplicateKey, on: pair.later) }
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
                key = TerminalSafeText.escape(columns.unescapedKey(first))
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
}
