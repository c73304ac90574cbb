extension JSONTree {
    /// Scans a payload into a tree.
    ///
    /// Throws only for structural errors (what JSONDecoder rejects whatever the model);
    /// problems Foundation finds only when a value is read are in ``issues``.
    public static func parse(_ bytes: [UInt8], options: Options = Options()) throws(JSONParseError) -> JSONTree {
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
            return try scan(text, json5: options.json5, jsonLines: options.jsonLines == .on, options: options)
        } catch let failure {
            if options.jsonLines == .auto, case .trailingContent = failure.reason,
                let tree = try? scan(text, json5: options.json5, jsonLines: true, options: options)
            {
                return tree
            }
            var location = failure.location
            location.offset = text.originalOffset(location.offset)
            throw JSONParseError(failure.reason, at: location)
        }
    }

    private static func scan(_ text: DecodedText, json5: Bool, jsonLines: Bool, options: Options) throws(ScanFailure) -> JSONTree {
        let result: Result<Storage, ScanFailure> = text.utf8.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer, start: text.start, json5: json5, jsonLines: jsonLines)
            do throws(ScanFailure) {
                try scanner.scan()
            } catch {
                return .failure(error)
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
                lineStarts: scanner.lineStarts, issues: issues.map { text.mapped($0) })
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
