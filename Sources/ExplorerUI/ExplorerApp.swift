import JSONTree

/// The run loop: draw, read a key, turn it into an action, perform it. Nothing else
/// changes the state; nothing here knows which terminal it talks to.
public final class ExplorerApp {
    public private(set) var state: ExplorerState
    let backend: TerminalBackend
    let keyMap: KeyMap
    private var showingHelp = false

    public init(state: ExplorerState, backend: TerminalBackend, keyMap: KeyMap = .standard) {
        self.state = state
        self.backend = backend
        self.keyMap = keyMap
    }

    /// Runs until the user quits or input ends; always gives the terminal back.
    public func run() {
        defer { backend.shutdown() }
        redraw()
        while let key = backend.readKey() {
            if showingHelp {
                showingHelp = false
                redraw()
                continue
            }
            switch key == .resize ? nil : keyMap.command(for: key) {
            case .quit?: return
            case .help?: showingHelp = true
            case .action(let action)?:
                state.perform(action, viewHeight: ScreenRenderer.treeHeight(forScreenHeight: backend.size.height))
            case nil:
                // A resize, or an unbound key: keep the cursor visible at the new size.
                state.keepCursorVisible(viewHeight: ScreenRenderer.treeHeight(forScreenHeight: backend.size.height))
            }
            redraw()
        }
    }

    private func redraw() {
        let size = backend.size
        backend.draw(ScreenRenderer.render(state, width: size.width, height: size.height, showingHelp: showingHelp))
    }
}
