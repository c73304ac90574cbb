extension JSONTree {
    /// Scans a payload into a tree.
    ///
    /// Throws only for structural errors (what JSONDecoder rejects whatever the model);
    /// problems Foundation finds only when a value is read are in ``issues``.
    public static func parse(_ bytes: [UInt8], options: Options = Options()) throws(JSONParseError) -> JSONTree {
        try read(bytes, options: options, keepingWhatWasRead: false)
    }

    /// Scans a payload into a tree, and when it is not JSON, into a tree of what was read
    /// before the structural error: ``structureError`` then says what stopped the read and
    /// where (the explorer opens a broken payload this way, as fx does). Throws when nothing
    /// could be read: an empty or undecodable input, an error before the first value.
    public static func parseReadablePart(_ bytes: [UInt8], options: Options = Options()) throws(JSONParseError) -> JSONTree {
        try read(bytes, options: options, keepingWhatWasRead: true)
    }

    /// A tree of a large payload's first bytes, to show while the rest is read: `prefix` is the
    /// start of a payload of `wholeByteCount` bytes, cut just after a line break
    /// (``prefixLength(of:)``). Nil unless the read went without a structural error up to the cut:
    /// the whole payload's tree must then be waited for, as it says what stops the read.
    public static func parsePrefix(_ prefix: [UInt8], wholeByteCount: Int, options: Options = Options()) -> JSONTree? {
        guard prefix.count < wholeByteCount, options.jsonLines != .on, case .success(let text) = DecodedText.decode(prefix),
            text.encoding == .utf8
        else { return nil }
        return try? scan(text, json5: options.json5, jsonLines: false, options: options, salvaging: true, wholeByteCount: wholeByteCount)
    }

    /// How many of a payload's first bytes to read for ``parsePrefix(_:wholeByteCount:options:)``:
    /// up to the last line break in `head`, or nil when it has none (a minified payload: it is
    /// read whole before anything is shown).
    public static func prefixLength(of head: some BidirectionalCollection<UInt8>) -> Int? {
        guard let newline = head.lastIndex(of: 0x0A) else { return nil }
        return head.distance(from: head.startIndex, to: newline) + 1
    }

    private static func read(_ bytes: [UInt8], options: Options, keepingWhatWasRead: Bool) throws(JSONParseError) -> JSONTree {
        guard bytes.count <= maximumPayloadBytes else {
            throw JSONParseError(.tooLarge(bytes: bytes.count), at: SourceLocation(line: 1, column: 1, offset: 0))
        }
        let text: DecodedText
        switch DecodedText.decode(bytes) {
        case .success(let decoded): text = decoded
        case .failure(let bad):
            throw JSONParseError(.undecodableText(encoding: bad.encoding), at: SourceLocation(line: 1, column: 1, offset: bad.offset))
        }
        do {
            return try scan(text, json5: options.json5, jsonLines: options.jsonLines == .on, options: options, salvaging: false)
        } catch let failure {
            if options.jsonLines == .auto, case .trailingContent = failure.reason,
                let tree = try? scan(text, json5: options.json5, jsonLines: true, options: options, salvaging: false)
            {
                return tree
            }
            if keepingWhatWasRead,
                let partial = try? scan(text, json5: options.json5, jsonLines: options.jsonLines == .on, options: options, salvaging: true)
            {
                return partial
            }
            var location = failure.location
            location.offset = text.originalOffset(location.offset)
            throw JSONParseError(failure.reason, at: location)
        }
    }

    /// One scan. `salvaging`: a structural error closes what is open and keeps what was read
    /// (still a failure when nothing was). `wholeByteCount`: the text is the start of a payload
    /// that long, and the read must stop at its end and nowhere else (a failure otherwise).
    private static func scan(
        _ text: DecodedText, json5: Bool, jsonLines: Bool, options: Options, salvaging: Bool, wholeByteCount: Int? = nil
    ) throws(ScanFailure) -> JSONTree {
        let result: Result<Storage, ScanFailure> = text.utf8.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer, start: text.start, json5: json5, jsonLines: jsonLines)
            var stopped: (error: JSONParseError, node: Int)?
            do throws(ScanFailure) {
                let cuts = salvaging || json5 || jsonLines || !options.scansInParts ? [] : ScanPart.cuts(in: buffer, from: text.start)
                if cuts.isEmpty {
                    try scanner.scan()
                } else {
                    try scanner.scanInParts(cuts: cuts)
                }
            } catch {
                guard salvaging, scanner.table.count > 0 else { return .failure(error) }
                let innermost = scanner.closeWhatIsOpen(at: error.location.offset)
                var location = error.location
                location.offset = text.originalOffset(location.offset)
                stopped = (JSONParseError(error.reason, at: location), innermost ?? 0)
            }
            var prefix: (wholeByteCount: Int, cut: Int)?
            if let wholeByteCount {
                guard let stop = stopped, case .unexpectedEnd = stop.error.reason, stop.error.location.offset == buffer.count else {
                    return .failure(ScanFailure(reason: .emptyInput, location: SourceLocation(line: 1, column: 1, offset: 0)))
                }
                stopped = nil
                prefix = (wholeByteCount, buffer.count)
            }
            var issues = scanner.issues
            if options.detectsDuplicateKeys {
                let duplicates = DuplicateKeyFinder.find(in: scanner.table, text: buffer, json5: json5) { scanner.location($0) }
                DuplicateKeyFinder.markIssuesUnderRepeatedKeys(&issues, duplicates: duplicates, table: scanner.table)
                issues += duplicates
            }
            for issue in issues { scanner.table.setFlag(NodeFlags.hasIssue, on: issue.node) }
            issues.sort { $0.location.offset < $1.location.offset }
            let storage = Storage(
                text: text, isJSONLines: jsonLines, isJSON5: json5, table: scanner.table,
                lineStarts: scanner.lineStarts, issues: issues.map { text.mapped($0) }, stopped: stopped, prefix: prefix)
            return .success(storage)
        }
        return JSONTree(storage: try result.get())
    }
}

extension DecodedText {
    /// The issue with its offset moved to the user's bytes.
    func mapped(_ issue: JSONIssue) -> JSONIssue {
        guard originalOffsets != nil else { return issue }
        var copy = issue
        copy.location.offset = originalOffset(issue.location.offset)
        if case let .duplicateKey(key, first) = issue.kind {
            var f = first
            f.offset = originalOffset(first.offset)
            copy.kind = .duplicateKey(key, first: f)
        }
        return copy
    }
}
