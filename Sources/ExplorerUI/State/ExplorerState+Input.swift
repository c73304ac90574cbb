extension ExplorerState {
    /// Turns what the terminal sent into actions, by mode: the key map while browsing; in the
    /// help and the pager its moving keys scroll and the rest close (ExplorerState+Pager);
    /// the mouse by where it is (ExplorerState+Mouse). Pure: the run loop performs what this
    /// returns, and keys that wait for more (`]` of `]e`, `5` of `5j`, a prompt's text) are
    /// actions too (`.typing`, `.editPrompt`), so the reducer is the state's only writer.
    public func actions(for event: InputEvent, keyMap: KeyMap) -> [Action] {
        switch event {
        case .timeout, .resize:
            return []
        case .mouse(let mouse):
            return mouseActions(for: mouse)
        case .key(let key):
            // A key pressed: the last status message has been read.
            return (status == nil ? [] : [.clearStatus]) + keyActions(for: key, keyMap: keyMap)
        }
    }

    private func keyActions(for key: Key, keyMap: KeyMap) -> [Action] {
        switch mode {
        case .help, .pager:
            return overlayActions(for: key, keyMap: keyMap)
        case .fixes(_, _, let confirming):
            // A question: its own key answers yes, any other key no.
            if confirming {
                if case .action(let action) = keyMap.match([key], in: .confirmFix) { return [action] }
                return [.fixes(.close)]
            }
            if case .action(let action) = keyMap.match([key], in: .fixes) { return [action] }
            return []
        case .stepping:
            if case .action(let action) = keyMap.match([key], in: .stepping) { return [action] }
            return []
        case .options:
            if case .action(let action) = keyMap.match([key], in: .options) { return [action] }
            return []
        case .scenarios:
            if case .action(let action) = keyMap.match([key], in: .scenarios) { return [action] }
            return []
        case .prompt(let prompt):
            switch key {
            case .enter: return [.submitPrompt(prompt)]
            case .escape, .control("c"): return [.cancel]
            case .up, .backTab, .control("p"): return [.movePromptSelection(-1)]
            case .down, .tab, .control("n"): return [.movePromptSelection(1)]
            default:
                var edited = prompt
                return edited.edit(with: key) ? [.editPrompt(edited)] : []
            }
        case .browse:
            if viewer.lines != nil { return lineModeActions(for: key, keyMap: keyMap) }
            if let count = count(adding: key, keyMap: keyMap) { return [.typing(pending: [], count: count)] }
            let typed = pendingKeys + [key]
            switch keyMap.match(typed) {
            case .action(let action):
                return endsTyping + counted(action)
            case .prefix:
                return [.typing(pending: typed, count: viewer.pendingCount)]
            case .unbound:
                return endsTyping + (typed.count > 1 ? [.notice("no binding for \(KeyName.describe(typed))", isError: true)] : [])
            }
        }
    }

    /// Forgets the keys and the count typed so far, when there are any.
    var endsTyping: [Action] { pendingKeys.isEmpty && viewer.pendingCount == nil ? [] : [.typing(pending: [], count: nil)] }
}
