import Foundation

/// The scan in parts: later parts of a large strict JSON text are scanned on other threads
/// while this scanner reads the first; each is stitched on when this scan reaches its start in
/// the state the part assumed, and scanned here again otherwise. The answer is the one-thread
/// answer, byte for byte (`ScanPartsTests`).
extension JSONScanner {
    /// Scans the text as ``scan()`` does, with the later parts cut at `cuts` scanned in parallel.
    mutating func scanInParts(cuts: [(stop: Int, start: Int)]) throws(ScanFailure) {
        let text = UnsafeBufferPointer(start: p, count: end)
        let parts = cuts.indices.map { k in
            ScanPart(text: text, stop: cuts[k].stop, start: cuts[k].start, nextStop: k + 1 < cuts.count ? cuts[k + 1].stop : Int.max)
        }
        let group = DispatchGroup()
        for part in parts { DispatchQueue.global().async(group: group) { part.run() } }
        // The parts read the text: they must be done before this returns, error or not.
        defer { group.wait() }
        stops = cuts.map(\.stop)
        nextStop = stops.first ?? Int.max
        try skipWhitespace()
        guard i < end else { throw failure(.emptyInput, at: i) }
        var outcome = try scanValues(baseDepth: 0, from: .value)
        let tally = ScanPart.tally
        var waited = false
        while outcome == .suspended {
            if !waited {
                group.wait()
                waited = true
            }
            // At the start of part `stopIndex`: stitch on every part that fits, in turn.
            var finished = false
            while stopIndex < parts.count, i == parts[stopIndex].stop, fits(parts[stopIndex]) {
                stitch(parts[stopIndex])
                tally?.stitched += 1
                stopIndex += 1
                if parts[stopIndex - 1].outcome == .finished {
                    finished = true
                    break
                }
            }
            if finished { break }
            // This part does not fit: it is scanned here, up to the next part's start.
            tally?.rescanned += 1
            stopIndex += 1
            nextStop = stopIndex < stops.count ? stops[stopIndex] : Int.max
            outcome = try scanAfterComma()
        }
        try skipWhitespace()
        if i < end { throw failure(.trailingContent(found: describe(i)), at: i) }
    }

    /// A later part's scan, from its start to the next part's start or the end of the text.
    mutating func scanPart() throws(ScanFailure) -> Outcome {
        virtual.kinds[0] = Self.memberOrElement(p, from: i, end: end)
        return try scanAfterComma()
    }

    /// Carries the scan on from just past a comma.
    mutating func scanAfterComma() throws(ScanFailure) -> Outcome {
        let top = Int(stack[stack.count - 1])
        let isObject = top >= 0 ? table.kind(top) == .object : virtualIsObject(top)
        let step = try stepAfterComma(comma: i - 1, top: top, isObject: isObject) ?? .afterValue
        return try scanValues(baseDepth: 0, from: step)
    }

    /// Drops the parts whose start this scan went past (inside a string of a broken payload).
    mutating func passStops() {
        while stopIndex < stops.count && stops[stopIndex] < i { stopIndex += 1 }
        nextStop = stopIndex < stops.count ? stops[stopIndex] : Int.max
    }

    // MARK: A part's virtual levels

    /// Whether virtual level `id` is an object, guessed from the text at `i` the first time.
    mutating func virtualIsObject(_ id: Int) -> Bool {
        let level = VirtualLevels.level(ofID: id)
        if let kind = virtual.kinds[level] { return kind == .object }
        let kind: NodeKind
        switch p[i] {
        case UInt8(ascii: "}"): kind = .object
        case UInt8(ascii: ","): kind = Self.memberOrElement(p, from: i + 1, end: end)
        default: kind = .array
        }
        virtual.kinds[level] = kind
        return kind == .object
    }

    /// The part closed the virtual level it was in: the next one out takes its place.
    mutating func closeVirtualLevel() {
        virtual.closes.append((end: i, nodeCount: table.count))
        virtual.kinds.append(nil)
        stack.append(VirtualLevels.id(ofLevel: virtual.closedCount))
    }

    /// Whether what follows `from` (after whitespace) is an object member (a string and a
    /// colon) rather than an array element.
    static func memberOrElement(_ p: UnsafePointer<UInt8>, from: Int, end: Int) -> NodeKind {
        var k = from
        func skipWhitespace() {
            while k < end, p[k] == 0x20 || p[k] == 0x09 || p[k] == 0x0A || p[k] == 0x0D { k += 1 }
        }
        skipWhitespace()
        guard k < end, p[k] == UInt8(ascii: "\"") else { return .array }
        k += 1
        while k < end, p[k] != UInt8(ascii: "\"") { k += p[k] == UInt8(ascii: "\\") ? 2 : 1 }
        k += 1
        skipWhitespace()
        return k < end && p[k] == UInt8(ascii: ":") ? .object : .array
    }

    // MARK: Stitching

    /// Whether `part` began in the state this scan is in at its start, and stayed within the
    /// containers open here and the nesting limit.
    private func fits(_ part: ScanPart) -> Bool {
        guard let outcome = part.outcome, outcome != .overran else { return false }
        let depth = stack.count
        let closed = part.scanner.virtual.closedCount
        // Finished: it closed every container open here (a lower count is an unexpected end).
        guard outcome == .finished ? closed == depth : closed < depth else { return false }
        guard depth - 1 + part.scanner.deepest <= Self.maximumDepth else { return false }
        let kinds = part.scanner.virtual.kinds
        for level in 0..<min(kinds.count, depth) {
            guard let kind = kinds[level] else { continue }
            if table.kind(Int(stack[depth - 1 - level])) != kind { return false }
        }
        return true
    }

    /// Appends a part that ``fits(_:)``: its nodes, the containers it closed, its open ones,
    /// its line starts and its issues (located in the whole text).
    private mutating func stitch(_ part: ScanPart) {
        let shift = table.count
        let depth = stack.count
        let lineShift = lineStarts.count
        let open = stack
        let realID = { (level: Int) -> Int in Int(open[depth - 1 - level]) }
        table.append(part: part.scanner.table) { UInt32(truncatingIfNeeded: realID($0)) }
        for (level, close) in part.scanner.virtual.closes.enumerated() {
            table.close(realID(level), end: close.end, subtreeEnd: close.nodeCount + shift)
        }
        stack.removeLast(part.scanner.virtual.closedCount)
        stack += part.scanner.stack.dropFirst().map { $0 + Int32(truncatingIfNeeded: shift) }
        lineStarts.append(contentsOf: part.scanner.lineStarts.base, count: part.scanner.lineStarts.count)
        for var issue in part.scanner.issues {
            issue.node = issue.node >= 0 ? issue.node + shift : realID(VirtualLevels.level(ofID: issue.node))
            issue.location.line += lineShift
            issues.append(issue)
        }
        i = part.scanner.i
        pendingKey = -1
        pendingKeyFlags = 0
        part.release()
    }
}
