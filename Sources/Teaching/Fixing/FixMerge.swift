/// Several fixes as one change, for `fix --apply 2,4,6`: each file's edits merged line by line
/// against the text every fix was computed from, the decoder settings and the decode call put
/// together. Whether the whole works is not decided here: the merged change is decoded again
/// before anything is written (see `FixCommand`).
///
/// A worked example. Fix 2 turns line 3 `let zip: Int` into `let zip: String`; fix 4 wraps line 5
/// and appends `LosslessValue` after line 9; fix 6 appends the same helper after line 9. The
/// hunks are (3..<4 → 1 line), (5..<6 → 1 line), (9..<9 → helper), and (9..<9 → helper) again,
/// which is the same hunk and is kept once: the helper is declared once. Two fixes that replace
/// the same lines differently cannot both be kept: that is a ``Conflict``.
public enum FixMerge {
    /// Why the fixes cannot be applied together.
    public enum Conflict: Error, Sendable, Hashable {
        /// Two fixes change the same lines of a file, differently.
        case sameLines(path: String, fixes: [Int])
        /// Two fixes were computed from different texts of the same file.
        case differentTexts(path: String)
        /// Two fixes set the same decoder strategy differently.
        case decoderSettings(fixes: [Int])
        /// Two fixes decode another type or node, differently.
        case decodeCalls(fixes: [Int])
    }

    /// One change to a file: the old lines `lower..<upper` become `lines` (an insertion when empty).
    struct Hunk: Hashable {
        var lower: Int
        var upper: Int
        var lines: [UnifiedDiff.Line]
    }

    /// The fixes, numbered as listed, as one `Fix` whose verdict and cost are the first one's
    /// until the merged change is decoded again.
    public static func merge(_ fixes: [(number: Int, fix: Fix)]) throws(Conflict) -> Fix {
        var byPath: [String: (original: String, hunks: [(number: Int, hunk: Hunk)])] = [:]
        var paths: [String] = []
        for (number, fix) in fixes {
            for change in fix.changes {
                if let known = byPath[change.path], known.original != change.original { throw .differentTexts(path: change.path) }
                if byPath[change.path] == nil { paths.append(change.path) }
                let hunks = Self.hunks(from: change.original, to: change.edited).map { (number, $0) }
                byPath[change.path, default: (change.original, [])].hunks += hunks
            }
        }
        var changes: [FileChange] = []
        for path in paths {
            guard let (original, hunks) = byPath[path] else { continue }
            changes.append(FileChange(path: path, original: original, edited: try apply(hunks, to: original, path: path)))
        }
        // The strategies of every setting, each once; two that set the same property of the
        // decoder differently cannot both be kept.
        var strategies: [DecoderSetting.Strategy] = []
        var setBy: [DecoderSetting.Strategy.Property: Int] = [:]
        for (number, fix) in fixes {
            for strategy in fix.decoderSetting?.strategies ?? [] where !strategies.contains(strategy) {
                if let other = setBy[strategy.property] { throw .decoderSettings(fixes: [other, number]) }
                setBy[strategy.property] = number
                strategies.append(strategy)
            }
        }
        let setting = strategies.isEmpty ? nil : DecoderSetting(strategies)
        let calls = Set(fixes.compactMap(\.fix.decodeCall))
        if calls.count > 1 { throw .decodeCalls(fixes: fixes.filter { $0.fix.decodeCall != nil }.map(\.number)) }
        let first = fixes[0].fix
        let worst = fixes.map(\.fix.cost).max { $0.costClass < $1.costClass } ?? first.cost
        return Fix(
            kind: first.kind, title: "Fixes \(Conflict.list(fixes.map(\.number))) together",
            detail: fixes.map { "fix \($0.number): \($0.fix.title)" }.joined(separator: "; "), changes: changes,
            decoderSetting: setting, decodeCall: calls.first, verdict: first.verdict, cost: worst)
    }

    /// The edit script from one text to the other as hunks of old lines replaced.
    static func hunks(from old: String, to new: String) -> [Hunk] {
        let a = UnifiedDiff.lines(old), b = UnifiedDiff.lines(new)
        let operations = UnifiedDiff.operations(a, b)
        var result: [Hunk] = []
        var position = 0
        var i = 0
        while i < operations.count {
            if case .equal(let oldIndex, _) = operations[i] {
                position = oldIndex + 1
                i += 1
                continue
            }
            var hunk = Hunk(lower: position, upper: position, lines: [])
            while i < operations.count {
                if case .delete(let oldIndex) = operations[i] {
                    hunk.upper = oldIndex + 1
                } else if case .insert(let newIndex) = operations[i] {
                    hunk.lines.append(b[newIndex])
                } else {
                    break
                }
                i += 1
            }
            result.append(hunk)
            position = hunk.upper
        }
        return result
    }

    /// The old text with every hunk applied; the same hunk from two fixes (a helper both append)
    /// is applied once, two insertions at one place both go in, in the fixes' order.
    static func apply(_ numbered: [(number: Int, hunk: Hunk)], to original: String, path: String) throws(Conflict) -> String {
        var unique: [(number: Int, hunk: Hunk)] = []
        for entry in numbered where !unique.contains(where: { $0.hunk == entry.hunk }) { unique.append(entry) }
        let sorted = unique.enumerated().sorted { a, b in
            (a.element.hunk.lower, a.element.hunk.upper, a.offset) < (b.element.hunk.lower, b.element.hunk.upper, b.offset)
        }.map(\.element)
        for (a, b) in zip(sorted, sorted.dropFirst()) where b.hunk.lower < a.hunk.upper {
            throw .sameLines(path: path, fixes: [a.number, b.number].sorted())
        }
        let old = UnifiedDiff.lines(original)
        var out: [UnifiedDiff.Line] = []
        var position = 0
        for (_, hunk) in sorted {
            out += old[position..<hunk.lower]
            out += hunk.lines
            position = max(position, hunk.upper)
        }
        out += old[position...]
        return out.map { String($0.text) + ($0.unterminated ? "" : "\n") }.joined()
    }
}
