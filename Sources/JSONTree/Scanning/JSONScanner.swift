/// The one-pass, iterative scanner that builds a ``JSONTree``'s node table.
///
/// Nodes are appended in document (pre-)order, so a container's descendants are the nodes
/// right after it, and `subtreeEnd` (the first node past them) gives both the matching
/// close and the next sibling. Worked through `{"a": [1, 2], "b": null}`:
///
///     node  kind    parent  subtreeEnd  key   bytes
///     0     object  -       5           -     0..<25
///     1     array   0       4           "a"   6..<12
///     2     number  1       3           -     7..<8
///     3     number  1       4           -     10..<11
///     4     null    0       5           "b"   19..<23
///
/// Node 1's next sibling is node 4 (its subtreeEnd, which has the same parent); node 3's
/// subtreeEnd (4) has another parent, so node 3 is the last child. No recursion: open
/// containers live on an explicit stack, so a million levels scan as well as one.
///
/// Structure is checked as Foundation checks it (the verdict must be Foundation's); string
/// contents and number syntax, which Foundation checks only when a value is read, are
/// checked too but recorded as ``JSONIssue``s instead of stopping the scan.
struct JSONScanner: ~Copyable {
    let p: UnsafePointer<UInt8>
    let end: Int
    var i: Int
    let json5: Bool
    let jsonLines: Bool

    var table: NodeTableBuilder
    var lineStarts: GrowableBuffer<UInt32>
    var stack: [Int32] = []
    var issues: [JSONIssue] = []
    var depthIssueRecorded = false
    /// Where the last column was counted: issues come in offset order, so 20,000 of them on
    /// one long line cost one pass along it, not 20,000.
    let lastColumn = ColumnMemo()
    /// The key of the member whose value is scanned next (offset of its first byte), or -1.
    var pendingKey: Int = -1
    var pendingKeyFlags: UInt8 = 0

    static let maximumDepth = 512

    init(_ buffer: UnsafeBufferPointer<UInt8>, start: Int, json5: Bool, jsonLines: Bool) {
        p = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
        end = buffer.count
        i = start
        self.json5 = json5
        self.jsonLines = jsonLines
        // One node per ~12 bytes is typical of pretty-printed API responses; the buffers
        // grow in place when the guess is low.
        table = NodeTableBuilder(capacity: max(64, buffer.count / 12))
        lineStarts = GrowableBuffer(capacity: max(16, buffer.count / 40))
        lineStarts.append(0)
    }

    // MARK: The main loop

    private enum Step { case value, afterValue, key }

    mutating func scan() throws(ScanFailure) {
        if jsonLines {
            try scanLines()
            return
        }
        try skipWhitespace()
        guard i < end else { throw failure(.emptyInput, at: i) }
        try scanValues(baseDepth: 0)
        try skipWhitespace()
        if i < end { throw failure(.trailingContent(found: describe(i)), at: i) }
    }

    /// JSON Lines: a synthetic root array whose elements are the records, one per line.
    private mutating func scanLines() throws(ScanFailure) {
        let root = table.append(kind: .array, start: i, parent: -1, key: -1, flags: NodeFlags.synthetic)
        stack.append(Int32(root))
        var lastLine = -1
        while true {
            try skipWhitespace()
            if i >= end { break }
            if lineStarts.count - 1 == lastLine {
                throw failure(.unexpectedCharacter(found: describe(i), expected: .newlineBetweenRecords), at: i)
            }
            try scanValues(baseDepth: 1)
            lastLine = lineStarts.count - 1
        }
        stack.removeLast()
        table.close(root, end: end)
    }

    /// Scans one value and everything inside it, leaving `i` just past it.
    private mutating func scanValues(baseDepth: Int) throws(ScanFailure) {
        var step = Step.value
        while true {
            switch step {
            case .value:
                try scanValue()
                step = try openedContainerStep() ?? .afterValue
            case .afterValue:
                if stack.count == baseDepth { return }
                try skipWhitespace()
                guard i < end else {
                    let open = Int(stack[stack.count - 1])
                    let isObject = table.kind(open) == .object
                    throw failure(
                        .unexpectedEnd(
                            expected: isObject ? .commaOrEndOfObject : .commaOrEndOfArray,
                            openedAt: location(table.start(open))), at: i)
                }
                let top = Int(stack[stack.count - 1])
                let isObject = table.kind(top) == .object
                let c = p[i]
                if c == UInt8(ascii: ",") {
                    let comma = i
                    i += 1
                    try skipWhitespace()
                    guard i < end else {
                        throw failure(.unexpectedEnd(expected: isObject ? .key : .value, openedAt: location(table.start(top))), at: i)
                    }
                    let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                    if p[i] == close {
                        if !json5 {
                            issues.append(JSONIssue(kind: .trailingComma, node: top, inKey: false, location: location(comma)))
                        }
                        closeContainer()
                        continue
                    }
                    step = isObject ? .key : .value
                } else if c == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    closeContainer()
                } else {
                    throw failure(
                        .unexpectedCharacter(found: describe(i), expected: isObject ? .commaOrEndOfObject : .commaOrEndOfArray), at: i)
                }
            case .key:
                try scanKey()
                step = .value
            }
        }
    }

    /// After a container opens: an empty one closes at once; otherwise its first member's
    /// key or first element is due. Returns nil when the value scanned was not a container.
    private mutating func openedContainerStep() throws(ScanFailure) -> Step? {
        guard let last = stack.last, Int(last) == table.count - 1, table.isOpen(Int(last)) else { return nil }
        let id = Int(last)
        let isObject = table.kind(id) == .object
        try skipWhitespace()
        guard i < end else {
            throw failure(.unexpectedEnd(expected: isObject ? .key : .value, openedAt: location(table.start(id))), at: i)
        }
        if p[i] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
            closeContainer()
            return .afterValue
        }
        return isObject ? .key : .value
    }

    private mutating func closeContainer() {
        let id = Int(stack.removeLast())
        i += 1
        table.close(id, end: i)
    }

    // MARK: Values

    private mutating func scanValue() throws(ScanFailure) {
        try skipWhitespace()
        guard i < end else {
            throw failure(.unexpectedEnd(expected: .value, openedAt: stack.last.map { location(table.start(Int($0))) }), at: i)
        }
        let parent = stack.last.map(Int.init) ?? -1
        let key = pendingKey
        let keyFlags = pendingKeyFlags
        pendingKey = -1
        pendingKeyFlags = 0
        let c = p[i]
        switch c {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let id = table.append(kind: c == UInt8(ascii: "{") ? .object : .array, start: i, parent: parent, key: key, flags: keyFlags)
            stack.append(Int32(id))
            // Foundation's JSON (not JSON5) reader traps when this `[` ends the input.
            if stack.count == Self.maximumDepth + 1 && c == UInt8(ascii: "[") && i + 1 == end && !json5 && !jsonLines {
                throw failure(.decoderCrashesOnNesting(limit: Self.maximumDepth), at: i)
            }
            if stack.count > Self.maximumDepth && !depthIssueRecorded {
                depthIssueRecorded = true
                issues.append(JSONIssue(kind: .nestingTooDeep(limit: Self.maximumDepth), node: id, inKey: false, location: location(i)))
            }
            i += 1
        case UInt8(ascii: "\""):
            let start = i
            let id = table.count
            let flags = try scanString(quote: c, node: id, inKey: false)
            table.append(kind: .string, start: start, end: i, parent: parent, key: key, flags: flags | keyFlags)
        case UInt8(ascii: "'") where json5:
            let start = i
            let id = table.count
            let flags = try scanString(quote: c, node: id, inKey: false)
            table.append(kind: .string, start: start, end: i, parent: parent, key: key, flags: flags | keyFlags)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "+") where json5, UInt8(ascii: ".") where json5,
            UInt8(ascii: "I") where json5, UInt8(ascii: "N") where json5:
            let start = i
            let id = table.count
            scanNumber(node: id)
            table.append(kind: .number, start: start, end: i, parent: parent, key: key, flags: keyFlags)
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            let start = i
            let word: StaticString = c == UInt8(ascii: "t") ? "true" : c == UInt8(ascii: "f") ? "false" : "null"
            try expectLiteral(word)
            table.append(kind: c == UInt8(ascii: "n") ? .null : .bool, start: start, end: i, parent: parent, key: key, flags: keyFlags)
        default:
            throw failure(.unexpectedCharacter(found: describe(i), expected: .value), at: i)
        }
    }

    private mutating func expectLiteral(_ word: StaticString) throws(ScanFailure) {
        let n = word.utf8CodeUnitCount
        let w = word.utf8Start
        for k in 0..<n {
            guard i + k < end else {
                throw failure(.unexpectedEnd(expected: .literal("\(word)"), openedAt: nil), at: i + k)
            }
            guard p[i + k] == w[k] else {
                throw failure(.unexpectedCharacter(found: describe(i + k), expected: .literal("\(word)")), at: i + k)
            }
        }
        i += n
    }

    // MARK: Keys

    private mutating func scanKey() throws(ScanFailure) {
        // Whitespace before the key was skipped by the caller's look-ahead.
        let start = i
        let id = table.count
        let c = p[i]
        var flags: UInt8 = 0
        if c == UInt8(ascii: "\"") || (json5 && c == UInt8(ascii: "'")) {
            flags = try scanString(quote: c, node: id, inKey: true)
        } else if json5 {
            flags = try scanUnquotedKey(node: id)
        } else {
            throw failure(.unexpectedCharacter(found: describe(i), expected: .key), at: i)
        }
        try skipWhitespace()
        guard i < end else { throw failure(.unexpectedEnd(expected: .colon, openedAt: nil), at: i) }
        guard p[i] == UInt8(ascii: ":") else {
            throw failure(.unexpectedCharacter(found: describe(i), expected: .colon), at: i)
        }
        i += 1
        pendingKey = start
        // Value flags live in the low nibble; key flags are shifted into the key bits.
        pendingKeyFlags = (flags & NodeFlags.escapes != 0 ? NodeFlags.keyEscapes : 0)
    }

    // MARK: Whitespace and lines

    @inline(__always)
    mutating func skipWhitespace() throws(ScanFailure) {
        while i < end {
            let c = p[i]
            if c == 0x20 {
                // Indentation: eight spaces at a time while there are.
                i += 1
                while i &+ 8 <= end && UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self) == 0x2020_2020_2020_2020 { i &+= 8 }
            } else if c == 0x09 {
                i += 1
            } else if c == 0x0A {
                i += 1
                lineStarts.append(UInt32(truncatingIfNeeded: i))
            } else if c == 0x0D {
                i += 1
                if i >= end || p[i] != 0x0A { lineStarts.append(UInt32(truncatingIfNeeded: i)) }
            } else if json5 {
                if c == 0x0B || c == 0x0C || c == 0xA0 {
                    i += 1
                } else if c == UInt8(ascii: "/") {
                    guard try skipComment() else { return }
                } else {
                    return
                }
            } else {
                return
            }
        }
    }

    /// Records a line break that ends at `i` (just past a line feed or a lone carriage return).
    @inline(__always)
    mutating func noteLineBreak(after offset: Int) {
        lineStarts.append(UInt32(truncatingIfNeeded: offset))
    }

    // MARK: Errors and positions

    func describe(_ offset: Int) -> String {
        CharacterDescription.describe(UnsafeBufferPointer(start: p, count: end), at: offset)
    }

    func location(_ offset: Int) -> SourceLocation {
        // Every line break before `offset` has been recorded: the scan moves forward only.
        let lo = LineTable.lineIndex(of: offset, starts: lineStarts.base, count: lineStarts.count)
        let column = lastColumn.column(of: min(offset, end), line: lo, lineStart: Int(lineStarts.base[lo]), text: p)
        return SourceLocation(line: lo + 1, column: column, offset: offset)
    }

    func failure(_ reason: JSONParseError.Reason, at offset: Int) -> ScanFailure {
        ScanFailure(reason: reason, location: location(offset))
    }
}

/// A structural error, located in the scanned UTF-8 text (the tree maps it to the file).
struct ScanFailure: Error {
    var reason: JSONParseError.Reason
    var location: SourceLocation
}
