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

    // A scan in parts (``ScanPart``): where the scan stops to let the part starting there carry
    // it on (just past a comma), and for a part, the containers it closed below its start.
    var stops: [Int] = []
    var stopIndex = 0
    var nextStop = Int.max
    /// Whether this scanner scans a later part, from an assumed state (``VirtualLevels``).
    let isPart: Bool
    var virtual = VirtualLevels()
    /// The most containers open at once, less the virtual levels closed (a part's depth check).
    var deepest = 1

    static let maximumDepth = 512

    init(_ buffer: UnsafeBufferPointer<UInt8>, start: Int, json5: Bool, jsonLines: Bool) {
        self.init(buffer, start: start, json5: json5, jsonLines: jsonLines, isPart: false, bytes: buffer.count)
        lineStarts.append(0)
    }

    /// A later part's scanner, from `start` (a line start just after a comma) to `stop`.
    init(part buffer: UnsafeBufferPointer<UInt8>, start: Int, stop: Int) {
        self.init(buffer, start: start, json5: false, jsonLines: false, isPart: true, bytes: min(stop, buffer.count) - start)
        lineStarts.append(UInt32(truncatingIfNeeded: start))
        stack.append(VirtualLevels.id(ofLevel: 0))
        nextStop = stop
        // A part cannot know its depth: a level past the limit sends it back to the serial scan.
        depthIssueRecorded = true
    }

    private init(_ buffer: UnsafeBufferPointer<UInt8>, start: Int, json5: Bool, jsonLines: Bool, isPart: Bool, bytes: Int) {
        p = buffer.baseAddress ?? UnsafePointer(bitPattern: 1)!
        end = buffer.count
        i = start
        self.json5 = json5
        self.jsonLines = jsonLines
        self.isPart = isPart
        // One node per ~12 bytes is typical of pretty-printed API responses; the buffers
        // grow in place when the guess is low.
        table = NodeTableBuilder(capacity: max(64, bytes / 12))
        lineStarts = GrowableBuffer(capacity: max(16, bytes / 40))
    }

    // MARK: The main loop

    enum Step { case value, afterValue, key }

    /// How ``scanValues(baseDepth:from:)`` ended, when no error stopped it.
    enum Outcome {
        /// The value is complete (a part: the input ended with nothing of its own open).
        case finished
        /// At ``nextStop``, just past a comma: a part starts here.
        case suspended
        /// A part went past its stop without stopping there (it ran on inside a string).
        case overran
    }

    mutating func scan() throws(ScanFailure) {
        if jsonLines {
            try scanLines()
            return
        }
        try skipWhitespace()
        guard i < end else { throw failure(.emptyInput, at: i) }
        _ = try scanValues(baseDepth: 0, from: .value)
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
            _ = try scanValues(baseDepth: 1, from: .value)
            lastLine = lineStarts.count - 1
        }
        stack.removeLast()
        table.close(root, end: end)
    }

    /// Scans one value and everything inside it, leaving `i` just past it (or stops at
    /// ``nextStop``).
    mutating func scanValues(baseDepth: Int, from first: Step) throws(ScanFailure) -> Outcome {
        var step = first
        while true {
            switch step {
            case .value:
                try scanValue()
                step = try openedContainerStep() ?? .afterValue
            case .afterValue:
                if stack.count == baseDepth { return .finished }
                try skipWhitespace()
                let top = Int(stack[stack.count - 1])
                guard i < end else {
                    // A part whose own containers are all closed: the rest is the earlier parts' to judge.
                    if top < 0 { return .finished }
                    let isObject = table.kind(top) == .object
                    throw failure(
                        .unexpectedEnd(
                            expected: isObject ? .commaOrEndOfObject : .commaOrEndOfArray,
                            openedAt: location(table.start(top))), at: i)
                }
                let isObject = top >= 0 ? table.kind(top) == .object : virtualIsObject(top)
                let c = p[i]
                if c == UInt8(ascii: ",") {
                    let comma = i
                    i += 1
                    if i >= nextStop {
                        if i == nextStop { return .suspended }
                        if isPart { return .overran }
                        passStops()
                        if i == nextStop { return .suspended }
                    }
                    guard let next = try stepAfterComma(comma: comma, top: top, isObject: isObject) else { continue }
                    step = next
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

    /// After a comma in container `top`: its next key or element is due, or a trailing comma
    /// closes it (nil).
    @inline(__always)
    mutating func stepAfterComma(comma: Int, top: Int, isObject: Bool) throws(ScanFailure) -> Step? {
        try skipWhitespace()
        guard i < end else {
            throw failure(.unexpectedEnd(expected: isObject ? .key : .value, openedAt: openedAt(top)), at: i)
        }
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if p[i] == close {
            if !json5 {
                issues.append(JSONIssue(kind: .trailingComma, node: top, inKey: false, location: location(comma)))
            }
            closeContainer()
            return nil
        }
        return isObject ? .key : .value
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
        if id >= 0 {
            table.close(id, end: i)
        } else {
            closeVirtualLevel()
        }
    }

    // MARK: Values

    private mutating func scanValue() throws(ScanFailure) {
        try skipWhitespace()
        guard i < end else {
            throw failure(.unexpectedEnd(expected: .value, openedAt: stack.last.flatMap { openedAt(Int($0)) }), at: i)
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
            if stack.count - virtual.closedCount > deepest { deepest = stack.count - virtual.closedCount }
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

    /// Where container `id` opened (nil for a part's virtual level, whose start it does not know).
    func openedAt(_ id: Int) -> SourceLocation? {
        id < 0 ? nil : location(table.start(id))
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
