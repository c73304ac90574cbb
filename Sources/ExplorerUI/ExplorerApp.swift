import Foundation
import JSONTree

/// The run loop: draw, read an event, turn it into actions, perform them, carry out the
/// effects they ask for. Nothing else changes the state; nothing here knows which terminal
/// it talks to. Work done elsewhere (a decode in a worker) comes back through the inbox.
public final class ExplorerApp {
    public private(set) var state: ExplorerState
    let backend: TerminalBackend
    let keyMap: KeyMap
    /// Actions posted from other threads, performed on the next turn of the loop.
    public let inbox = ActionInbox()
    private var isRunning = true

    public init(state: ExplorerState, backend: TerminalBackend, keyMap: KeyMap = .standard) {
        self.state = state
        self.backend = backend
        self.keyMap = keyMap
        self.state.keyMap = keyMap
    }

    /// Runs until the user quits or input ends; always gives the terminal back.
    public func run() {
        defer { backend.shutdown() }
        state.viewport = layout
        redraw()
        while isRunning {
            guard let event = backend.readInput(timeoutMilliseconds: pollInterval) else { return }
            state.viewport = layout
            var actions = state.actions(for: event, keyMap: keyMap)
            actions += inbox.drain()
            if state.search?.isScanning == true { actions.append(.continueSearch) }
            if event == .timeout && actions.isEmpty { continue }
            perform(actions)
            if event == .resize || actions.isEmpty {
                // A resize, or an unbound key: keep the cursor visible at the current size.
                state.keepCursorVisible(viewHeight: layout.treeHeight)
            }
            guard isRunning else { return }
            redraw()
        }
    }

    /// How long to wait for a key before looking at the inbox again.
    private var pollInterval: Int? {
        if state.search?.isScanning == true { return 0 }  // a long search runs between keys
        return inbox.isExpectingWork ? 50 : nil
    }

    private var layout: Layout { Layout(width: backend.size.width, height: backend.size.height) }

    private func perform(_ actions: [Action]) {
        var queue = actions
        while !queue.isEmpty, isRunning {
            let action = queue.removeFirst()
            for effect in state.perform(action, viewHeight: layout.treeHeight) {
                queue += carryOut(effect)
            }
        }
    }

    /// Does what the reducer asked for in the world; returns actions to perform now.
    private func carryOut(_ effect: Effect) -> [Action] {
        switch effect {
        case .quit:
            isRunning = false
            return []
        case .copy(let text):
            backend.copyToClipboard(text)
            return []
        case .suspend:
            backend.suspend()
            return []
        case .redraw:
            backend.invalidate()
            return []
        }
    }

    private func redraw() {
        let size = backend.size
        backend.draw(ScreenRenderer.render(state, width: size.width, height: size.height))
    }
}

/// A thread-safe queue of actions for the run loop, from work running elsewhere.
public final class ActionInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var actions: [Action] = []
    private var expecting = 0

    public init() {}

    public func post(_ action: Action) {
        lock.lock(); defer { lock.unlock() }
        actions.append(action)
    }

    func drain() -> [Action] {
        lock.lock(); defer { lock.unlock() }
        let all = actions
        actions = []
        return all
    }

    /// While work is out, the run loop polls instead of blocking on the keyboard.
    public var isExpectingWork: Bool {
        lock.lock(); defer { lock.unlock() }
        return expecting > 0 || !actions.isEmpty
    }

    public func beginWork() { lock.lock(); expecting += 1; lock.unlock() }
    public func endWork() { lock.lock(); expecting = max(0, expecting - 1); lock.unlock() }
}
