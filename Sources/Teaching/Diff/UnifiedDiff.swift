/// A unified diff of two texts, line by line, as `diff -u` writes it and `patch` reads it.
///
/// A worked example: from `a\nb\nc\n` to `a\nB\nc\n` with one line of context:
///
///     --- Models.swift
///     +++ Models.swift
///     @@ -1,3 +1,3 @@
///      a
///     -b
///     +B
///      c
///
/// A range is `start,count` (the count left out when it is 1; an empty range starts at the
/// line before it). A last line without a line break is followed by
/// `\ No newline at end of file`. Equal lines at both ends are set aside first, so the line
/// matching (a longest common subsequence) only runs over the part that changed.
public struct UnifiedDiff: Sendable {
    public let old: String
    public let new: String
    public let path: String
    public let context: Int

    public init(old: String, new: String, path: String, context: Int = 3) {
        self.old = old
        self.new = new
        self.path = path
        self.context = context
    }

    struct Line: Hashable {
        var text: Substring
        /// The file's last line, without a line break after it.
        var unterminated: Bool
    }

    enum Operation: Equatable {
        case equal(Int, Int)
        case delete(Int)
        case insert(Int)
    }

    static func lines(_ text: String) -> [Line] {
        guard !text.isEmpty else { return [] }
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false)
        let terminated = parts.last == ""
        if terminated { parts.removeLast() }
        return parts.enumerated().map { Line(text: $1, unterminated: !terminated && $0 == parts.count - 1) }
    }

    /// The diff; empty when the texts are equal.
    public var text: String {
        let a = Self.lines(old), b = Self.lines(new)
        let operations = Self.operations(a, b)
        let changed = operations.indices.filter { if case .equal = operations[$0] { false } else { true } }
        guard !changed.isEmpty else { return "" }
        var groups: [(start: Int, end: Int)] = []
        for index in changed {
            if let last = groups.last, index - last.end - 1 <= 2 * context {
                groups[groups.count - 1].end = index
            } else {
                groups.append((index, index))
            }
        }
        var out = ["--- \(path)", "+++ \(path)"]
        for group in groups {
            out += hunk(operations, max(0, group.start - context)..<min(operations.count, group.end + context + 1), a, b)
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func hunk(_ operations: [Operation], _ range: Range<Int>, _ a: [Line], _ b: [Line]) -> [String] {
        let oldBefore = Self.oldPosition(before: range.lowerBound, in: operations)
        let newBefore = Self.newPosition(before: range.lowerBound, in: operations)
        var oldCount = 0, newCount = 0
        var body: [String] = []
        func add(_ prefix: String, _ line: Line) {
            body.append(prefix + line.text)
            if line.unterminated { body.append("\\ No newline at end of file") }
        }
        for operation in operations[range] {
            switch operation {
            case .equal(let i, _): oldCount += 1; newCount += 1; add(" ", a[i])
            case .delete(let i): oldCount += 1; add("-", a[i])
            case .insert(let j): newCount += 1; add("+", b[j])
            }
        }
        func text(_ before: Int, _ count: Int) -> String {
            count == 0 ? "\(before),0" : count == 1 ? "\(before + 1)" : "\(before + 1),\(count)"
        }
        return ["@@ -\(text(oldBefore, oldCount)) +\(text(newBefore, newCount)) @@"] + body
    }

    /// How many old lines come before an operation.
    static func oldPosition(before index: Int, in operations: [Operation]) -> Int {
        operations[..<index].reduce(0) { n, op in if case .insert = op { n } else { n + 1 } }
    }

    /// How many new lines come before an operation.
    static func newPosition(before index: Int, in operations: [Operation]) -> Int {
        operations[..<index].reduce(0) { n, op in if case .delete = op { n } else { n + 1 } }
    }
}
