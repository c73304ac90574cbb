import JSONTree

extension ExplorerState {
    /// `v`: the cursor's value in `$EDITOR`; `V`: the whole payload, at the cursor's line. Both
    /// open a temporary copy (EditorSession), so nothing is changed unless the user saves it.
    mutating func openEditor(wholePayload: Bool) -> [Effect] {
        let node = cursor.node
        if wholePayload {
            // Pretty rows are not the file's lines: the editor opens at the row's node.
            let line =
                viewer.lines.map { $0.pretty == nil ? $0.current : tree.location(self.node(onLine: $0.current, in: $0)).line }
                ?? tree.location(node).line
            return [.openEditor(EditorRequest(text: nil, line: line, fileName: Self.copyName(fileName)))]
        }
        return [.openEditor(EditorRequest(text: ClipboardText.json(of: node, in: tree) + "\n", line: 1, fileName: "value.json"))]
    }

    /// The temporary copy's name: the payload's own name, made safe for a file name.
    static func copyName(_ name: String) -> String {
        let last = name.split(separator: "/").last.map(String.init) ?? "payload.json"
        let safe = String(
            last.unicodeScalars.map {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "-" || $0 == "_" ? Character($0) : "_"
            })
        return safe.isEmpty || safe.hasPrefix(".") ? "payload.json" : safe
    }

    /// The clipboard took the text (or did not): the copy's status line says which way.
    mutating func noteCopied(via: String, failed: Bool) {
        let said = status.map { $0.tone == .info ? $0.text : "" } ?? ""
        guard !said.isEmpty else { return }
        status = StatusMessage(said + (failed ? "; \(via)" : " via \(via)"), tone: failed ? .error : .info)
    }

    /// `w`: long strings wrap in the tree, or are cut at the edge again.
    mutating func toggleWrap() {
        viewer.wrapsStrings.toggle()
        status = StatusMessage(
            viewer.wrapsStrings ? "long strings wrap (w cuts them again)" : "long strings are cut at the edge (w wraps them)")
    }

    /// Keys of the `o` menu, now from the key map.
    mutating func moveInOptions(_ move: OptionsMenuMove) -> [Effect] {
        guard case .options(let selection) = mode else { return [] }
        let count = OptionsMenu.labels.count
        switch move {
        case .by(let delta):
            mode = .options(selection: ((selection + delta) % count + count) % count)
        case .change(let forward):
            return apply(.cycle(item: selection, forward: forward))
        case .editDateFormat:
            guard selection == 1 else { return [] }
            var format = OptionsMenu.defaultDateFormat
            if case .formatted(let f) = decode.setup.options.dates { format = f }
            mode = .prompt(Prompt(.dateFormat, text: format))
        case .close:
            return apply(.close)
        }
        return []
    }
}
