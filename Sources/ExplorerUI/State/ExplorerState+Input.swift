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
                if confirming {
                    return key == .character("y") ? [.fixes(.confirm)] : [.fixes(.close)]
                }
                switch key {
                case .character("j"), .down, .tab: return [.fixes(.by(1))]
                case .character("k"), .up, .backTab: return [.fixes(.by(-1))]
                case .enter, .character("w"): return [.fixes(.askToWrite)]
                case .escape, .character("q"), .character("f"), .control("c"): return [.fixes(.close)]
                default: return []
                }
            case .stepping:
                switch key {
                case .character("j"), .down, .character("n"), .character(" "), .enter, .right, .character("l"): return [.step(.by(1))]
                case .character("k"), .up, .character("p"), .backspace, .left, .character("h"): return [.step(.by(-1))]
                case .control("d"), .pageDown: return [.step(.by(10))]
                case .control("u"), .pageUp: return [.step(.by(-10))]
                case .character("g"), .home: return [.step(.first)]
                case .character("G"), .end: return [.step(.last)]
                case .character("e"): return [.step(.nextFailure)]
                case .escape, .character("q"), .character("i"), .control("c"): return [.step(.close)]
                default: return []
                }
            case .options(let selection):
                return optionsMenuActions(for: key, selection: selection)
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
                let typed = pendingKeys + [key]
                switch keyMap.match(typed) {
                case .action(let action):
                    pendingKeys = []
                    return [action]
                case .prefix:
                    pendingKeys = typed
                    return []
                case .unbound:
                    pendingKeys = []
                    if typed.count > 1 { status = StatusMessage("no binding for \(KeyName.describe(typed))", tone: .error) }
                    return []
                }
            }
        }
    }

    /// Keys in the `o` menu: move, change the highlighted setting, edit a date format, close.
    private mutating func optionsMenuActions(for key: Key, selection: Int) -> [Action] {
        let count = OptionsMenu.labels.count
        switch key {
        case .character("j"), .down, .tab:
            mode = .options(selection: (selection + 1) % count)
        case .character("k"), .up, .backTab:
            mode = .options(selection: (selection + count - 1) % count)
        case .character(" "), .enter, .character("l"), .right:
            return [.changeOption(.cycle(item: selection, forward: true))]
        case .character("h"), .left:
            return [.changeOption(.cycle(item: selection, forward: false))]
        case .character("e") where selection == 1:
            var format = OptionsMenu.defaultDateFormat
            if case .formatted(let f) = decode.setup.options.dates { format = f }
            mode = .prompt(Prompt(.dateFormat, text: format))
        case .escape, .character("o"), .character("q"), .control("c"):
            return [.changeOption(.close)]
        default:
            break
        }
        return []
    }
}
