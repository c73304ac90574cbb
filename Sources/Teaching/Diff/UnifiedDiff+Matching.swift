extension UnifiedDiff {
    /// The edit script from `a` to `b`: equal lines at both ends, then a longest common
    /// subsequence of the middle (deletions before insertions where lines differ).
    ///
    /// A middle larger than 4 million line pairs is replaced whole: still a correct diff,
    /// only not a minimal one.
    static func operations(_ a: [Line], _ b: [Line]) -> [Operation] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var result: [Operation] = (0..<prefix).map { .equal($0, $0) }
        let aMiddle = prefix..<(a.count - suffix), bMiddle = prefix..<(b.count - suffix)
        if aMiddle.count * bMiddle.count > 4_000_000 {
            result += aMiddle.map { .delete($0) } + bMiddle.map { .insert($0) }
        } else {
            result += middle(a, aMiddle, b, bMiddle)
        }
        result += (0..<suffix).map { .equal(a.count - suffix + $0, b.count - suffix + $0) }
        return result
    }

    /// A longest common subsequence by dynamic programming over the two ranges.
    private static func middle(_ a: [Line], _ ar: Range<Int>, _ b: [Line], _ br: Range<Int>) -> [Operation] {
        let n = ar.count, m = br.count
        guard n > 0, m > 0 else { return ar.map { .delete($0) } + br.map { .insert($0) } }
        // lengths[i][j]: LCS length of a[ar.lowerBound + i...] and b[br.lowerBound + j...].
        var lengths = [[Int32]](repeating: [Int32](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lengths[i][j] =
                    a[ar.lowerBound + i] == b[br.lowerBound + j]
                    ? lengths[i + 1][j + 1] + 1 : max(lengths[i + 1][j], lengths[i][j + 1])
            }
        }
        var result: [Operation] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, a[ar.lowerBound + i] == b[br.lowerBound + j] {
                result.append(.equal(ar.lowerBound + i, br.lowerBound + j))
                i += 1; j += 1
            } else if i < n, j == m || lengths[i + 1][j] >= lengths[i][j + 1] {
                result.append(.delete(ar.lowerBound + i))
                i += 1
            } else {
                result.append(.insert(br.lowerBound + j))
                j += 1
            }
        }
        return result
    }
}
