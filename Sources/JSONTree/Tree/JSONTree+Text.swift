extension JSONTree {
    // MARK: Positions

    /// The node's bytes in ``text`` (for containers, through the closing bracket).
    public func byteRange(_ node: NodeID) -> Range<Int> {
        Int(storage.starts[node])..<Int(storage.ends[node])
    }

    /// Where the node starts in the user's file.
    public func location(_ node: NodeID) -> SourceLocation {
        location(ofTextOffset: Int(storage.starts[node]))
    }

    /// Where a container's closing bracket is (for scalars, the last byte of the value).
    public func endLocation(_ node: NodeID) -> SourceLocation {
        location(ofTextOffset: max(Int(storage.starts[node]), Int(storage.ends[node]) - 1))
    }

    /// Where the member's key starts; nil for nodes that are not object members.
    public func keyLocation(_ node: NodeID) -> SourceLocation? {
        keyStart(node).map { location(ofTextOffset: $0) }
    }

    /// Line and column of an offset in ``text``, with the offset moved to the user's file.
    public func location(ofTextOffset offset: Int) -> SourceLocation {
        let line = storage.lines.lineIndex(of: offset)
        let lineStart = storage.lines.start(ofLine: line)
        let column = storage.scalars.scalarCount(storage.text, from: lineStart, to: min(offset, storage.text.count)) + 1
        let original = DecodedText.originalOffset(offset, map: storage.originalOffsets, unitSize: encoding.unitSize)
        return SourceLocation(line: line + 1, column: column, offset: original)
    }

    /// The text of a 1-based line, without its line break (as UTF-8 bytes of ``text``).
    public func lineBytes(_ line: Int) -> ArraySlice<UInt8> {
        guard line >= 1 && line <= lineCount else { return [] }
        var start = storage.lines.start(ofLine: line - 1)
        if line == 1 { start = max(start, storage.textStart) }
        var end = line < lineCount ? storage.lines.start(ofLine: line) : storage.text.count
        while end > start, storage.text[end - 1] == 0x0A || storage.text[end - 1] == 0x0D { end -= 1 }
        return storage.text[start..<end]
    }

    // MARK: Raw text

    /// The node's source text exactly as in the payload (numbers keep their digits).
    public func rawText(_ node: NodeID) -> String {
        String(decoding: storage.text[byteRange(node)], as: UTF8.self)
    }

    // MARK: Keys

    func keyStart(_ node: NodeID) -> Int? {
        let k = storage.keys[node]
        return k == NodeTableBuilder.none ? nil : Int(k)
    }

    /// The member's key bytes as written, quotes included; nil for non-members.
    public func keyByteRange(_ node: NodeID) -> Range<Int>? {
        guard let start = keyStart(node) else { return nil }
        return storage.text.withUnsafeBufferPointer { StringText.tokenEnd(in: $0, from: start) }.map { start..<$0 }
    }

    /// The member's key, unescaped; nil for nodes that are not object members.
    public func key(_ node: NodeID) -> String? {
        guard let range = keyByteRange(node) else { return nil }
        let flags = storage.kinds[node]
        return storage.text.withUnsafeBufferPointer {
            StringText.value(of: $0, range, hasEscapes: flags & NodeFlags.keyEscapes != 0)
        }
    }

    /// Whether the member's key equals these UTF-8 bytes (after unescaping).
    func keyEquals(_ node: NodeID, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = keyStart(node) else { return false }
        if storage.kinds[node] & NodeFlags.keyEscapes == 0 {
            // Plain quoted key: compare bytes in place.
            let text = storage.text
            let bodyStart = start + 1
            guard bodyStart + wanted.count < text.count, text[bodyStart + wanted.count] == text[start] else { return false }
            for k in 0..<wanted.count where text[bodyStart + k] != wanted[k] { return false }
            return true
        }
        return key(node).map { $0.utf8.elementsEqual(wanted) } ?? false
    }

    // MARK: Values

    /// A string node's value, unescaped; nil for other kinds. Invalid contents (which
    /// JSONDecoder would reject) are repaired with U+FFFD for display.
    public func stringValue(_ node: NodeID) -> String? {
        guard kind(node) == .string else { return nil }
        let flags = storage.kinds[node]
        return storage.text.withUnsafeBufferPointer {
            StringText.value(of: $0, byteRange(node), hasEscapes: flags & NodeFlags.escapes != 0)
        }
    }

    /// A string node's value as UTF-8: the bytes of ``stringValue(_:)``'s `utf8`, made without the
    /// `String` when they are ASCII (a capture's bodies, most of them). Nil for other kinds.
    public func stringUTF8(_ node: NodeID) -> [UInt8]? {
        guard kind(node) == .string else { return nil }
        let flags = storage.kinds[node]
        return storage.text.withUnsafeBufferPointer {
            StringText.utf8(of: $0, byteRange(node), hasEscapes: flags & NodeFlags.escapes != 0)
        }
    }

    /// A string node's value measured without making it: its UTF-8 length, and its bytes up to and
    /// including the first one `isLead` takes (a capture's list sizes its bodies so). Nil for
    /// another kind, or for contents whose bytes only the `String`'s repair can say.
    public func stringMeasure(_ node: NodeID, lead isLead: (UInt8) -> Bool) -> (byteCount: Int, leading: [UInt8])? {
        guard kind(node) == .string else { return nil }
        return storage.text.withUnsafeBufferPointer { StringText.measure(of: $0, byteRange(node), lead: isLead) }
    }

    /// A boolean node's value.
    public func boolValue(_ node: NodeID) -> Bool? {
        guard kind(node) == .bool else { return nil }
        return storage.text[Int(storage.starts[node])] == UInt8(ascii: "t")
    }

    /// A number node's value, exact, with conversions on demand.
    public func number(_ node: NodeID) -> JSONNumber? {
        guard kind(node) == .number else { return nil }
        return JSONNumber(rawText(node))
    }
}
