extension ExplorerState {
    /// Turns what the terminal sent into actions, by mode: the key map while browsing; in the
    /// help and the pager its moving keys scroll and the rest close (ExplorerState+Pager);
    /// the mouse by where it is (ExplorerState+Mouse). Pure: the run loop performs what this returns.
    public mutating func actions(for event: InputEvent, keyMap: KeyMap) -> [Action] {
        switch event {
        case .timeout, .resize:
            return []
        case .mouse(let mouse):
            return mouseActions(for: mouse)
        case .key(let key):
            status = nil
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
            case .prompt(var prompt):
                switch key {
                case .enter: return [.submitPrompt(prompt)]
                case .escape, .control("c"): return [.cancel]
                case .up, .backTab, .control("p"): return [.movePromptSelection(-1)]
                case .down, .tab, .control("n"): return [.movePromptSelection(1)]
                default:
                    if prompt.edit(with: key) { mode = .prompt(prompt) }
                    return []
                }
            case .browse:
                if viewer.lines != nil { return lineModeActions(for: key, keyMap: keyMap) }
                if takesCountDigit(key, keyMap: keyMap) { return [] }
                let typed = pendingKeys + [key]
                switch keyMap.match(typed) {
                case .action(let action):
                    pendingKeys = []
                    return counted(action)
                case .prefix:
                    pendingKeys = typed
                    return []
                case .unbound:
                    pendingKeys = []
                    viewer.pendingCount = nil
                    if typed.count > 1 { status = StatusMessage("no binding for \(KeyName.describe(typed))", tone: .error) }
                    return []
                }
            }
        }
    }
}
