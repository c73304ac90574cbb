import JSONTree

extension ExplorerState {
    /// `yp`, `yj`, `ys`, `yv`: puts the cursor's path or value on the clipboard and says what
    /// was copied in the status line.
    mutating func copy(_ format: CopyFormat) -> [Effect] {
        let node = cursor.node
        let path = cursorPath
        let text: String
        let echo: String
        switch format {
        case .path:
            text = path.description
            echo = text
        case .pointer:
            text = path.jsonPointer
            echo = text.isEmpty ? "\"\" (the root)" : text
        case .swift:
            let type = ClipboardText.swiftType(of: node, in: tree)
            text = path.swiftCode(decoding: type)
            echo = "decoding \(type) at \(path.description)"
        case .value:
            let size = tree.byteRange(node).count
            guard size <= ClipboardText.byteLimit else {
                status = StatusMessage(
                    "not copied: the value is \(ByteCount.format(size)); "
                        + "terminals take at most \(ByteCount.format(ClipboardText.byteLimit)) through OSC 52", tone: .error)
                return []
            }
            text = ClipboardText.json(of: node, in: tree)
            echo = "\(path.description), \(ByteCount.format(text.utf8.count))"
        case .key:
            switch path.components.last {
            case .key(let key)?: text = key
            case .index(let n)?, .keyOrIndex(let n)?: text = String(n)
            case nil:
                status = StatusMessage("not copied: the root has no key", tone: .error)
                return []
            }
            echo = text
        case .jq:
            text = path.jqPath
            echo = text
        case .brackets:
            text = path.bracketPath
            echo = text.isEmpty ? "\"\" (the root)" : text
        }
        status = StatusMessage("copied \(TerminalSafeText.escape(echo)) (\(format.noun))")
        return [.copy(TerminalSafeText.escapeLines(text))]
    }
}
