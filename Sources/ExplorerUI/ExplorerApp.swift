import Foundation
import JSONTree
import Teaching

/// The run loop: draw, read an event, turn it into actions, perform them, carry out the
/// effects they ask for. Nothing else changes the state; nothing here knows which terminal
/// it talks to. Work done elsewhere (a decode in a worker) comes back through the inbox.
public final class ExplorerApp {
    public private(set) var state: ExplorerState
    let backend: TerminalBackend
    let keyMap: KeyMap
    let services: ExplorerServices
    /// Actions posted from other threads, performed on the next turn of the loop.
    public let inbox = ActionInbox()
    private var isRunning = true
    /// The payload to start again on when this run ends (a scenario picked with `S`).
    public private(set) var nextPayload: String?
    /// Whether this run ended to go back to the capture list (``Action/backToList``).
    public private(set) var wentBackToList = false
    private var decodeStarted: ContinuousClock.Instant?
    private var loads = 0
    /// Model reading and type resolution, off this loop.
    private lazy var modelWork = ModelWork(inbox: inbox)

    public init(state: ExplorerState, backend: TerminalBackend, keyMap: KeyMap = .standard, services: ExplorerServices = .none) {
        self.state = state
        self.backend = backend
        self.keyMap = keyMap
        self.services = services
        self.state.keyMap = keyMap
    }

    /// Runs until the user quits or input ends; always gives the terminal back. `initial`
    /// actions are performed before the first key (a decode asked for on the command line).
    public func run(initial: [Action] = []) {
        defer {
            services.decoder?.cancel()
            backend.shutdown()
        }
        state.perform(.layout(layout))
        perform(initial)
        redraw()
        if let log = services.frameLog, let ms = FrameLog.sinceProcessStart() {
            log.record("first", milliseconds: ms)
            // The whole tree is on screen: at once, or once the rest of a large payload is read.
            if !state.tree.isPrefix { log.record("whole", milliseconds: ms) }
        }
        var readsWhole = state.tree.isPrefix && readWholePayload()
        while isRunning {
            if backend.isScripted && modelWork.waitUntilIdle() {
                perform([])
                guard isRunning else { return }
                redraw()
            }
            guard let event = backend.readInput(timeoutMilliseconds: pollInterval) else { return }
            let arrived = ContinuousClock.now
            // A resize, or a pane that grew or shrank: the reducer keeps the cursor in view.
            if layout != state.viewport { state.perform(.layout(layout)) }
            var actions = state.actions(for: event, keyMap: keyMap)
            actions += inbox.drain()
            if event == .timeout { actions += lookAround() }
            if state.search?.isScanning == true { actions.append(.continueSearch) }
            if event == .timeout && actions.isEmpty { continue }
            perform(actions)
            guard isRunning else { return }
            redraw()
            if readsWhole, !state.tree.isPrefix {
                readsWhole = false
                if let log = services.frameLog, let ms = FrameLog.sinceProcessStart() { log.record("whole", milliseconds: ms) }
            }
            if let log = services.frameLog, case .key(let key) = event {
                let took = ContinuousClock.now - arrived
                log.record(
                    KeyName.describe(key), milliseconds: Double(took.components.attoseconds) / 1e15 + Double(took.components.seconds) * 1000
                )
            }
        }
    }

    /// Reads the whole payload on a thread of its own, while keys move through its prefix's tree
    /// (``ExplorerState/completeTree(_:)`` takes it); false when there is no way to.
    private func readWholePayload() -> Bool {
        guard let read = services.readWholePayload else { return false }
        let inbox = self.inbox
        let number = loads + 1
        loads = number
        inbox.beginWork()
        let thread = Thread {
            switch read() {
            case .success(let whole): inbox.post(.wholePayloadRead(Loaded(whole, number: number)))
            case .failure(let failure): inbox.post(.payloadUnreadable(failure.message))
            }
            inbox.endWork()
        }
        // As much stack as the model reader's (a secondary thread gets 512 KB on macOS).
        thread.stackSize = ModelWork.stackSize
        thread.start()
        return true
    }

    /// How long to wait for a key before looking at the inbox and the files again.
    private var pollInterval: Int? {
        if state.search?.isScanning == true { return 0 }  // a long search runs between keys
        if inbox.isExpectingWork { return 50 }
        return services.watcher == nil ? nil : 250
    }

    /// On a quiet moment: the running decode's progress, and files changed on disk.
    private func lookAround() -> [Action] {
        var actions: [Action] = []
        if case .running(let request) = state.decode.phase, let started = decodeStarted {
            let elapsed = ContinuousClock.now - started
            let ms = Int(elapsed.components.seconds) * 1000 + Int(elapsed.components.attoseconds / 1_000_000_000_000_000)
            if ms / 100 != state.decode.elapsedMilliseconds / 100 {
                actions.append(.decodeProgress(requestID: request.id, milliseconds: ms))
            }
        }
        if let changes = services.watcher?.poll() {
            actions.append(.reload(payload: changes.payload, models: changes.models))
        }
        return actions
    }

    private var layout: Layout { Layout(width: backend.size.width, height: backend.size.height, for: state) }

    /// Performs actions and what their effects bring back, including work that finished
    /// at once (an in-process decode posts its result before `start` returns).
    private func perform(_ actions: [Action]) {
        var queue = actions
        while isRunning {
            if queue.isEmpty { queue = inbox.drain() }
            guard !queue.isEmpty else { return }
            let action = queue.removeFirst()
            for effect in state.perform(action) {
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
        case .startDecode(let request):
            guard let decoder = services.decoder else {
                return [.decodeFinished(requestID: request.id, .failed("this explorer was started without a decoder"))]
            }
            decodeStarted = .now
            inbox.beginWork()
            let inbox = self.inbox
            inbox.beginWork()
            decoder.start(
                request,
                progress: { note in
                    inbox.post(.decodeNote(requestID: request.id, note))
                },
                completion: { outcome in
                    inbox.post(.decodeFinished(requestID: request.id, outcome))
                    inbox.endWork()
                },
                lessons: { lessons in
                    inbox.post(.lessonsFinished(requestID: request.id, lessons))
                    inbox.endWork()
                })
            return []
        case .writeFix(let fix):
            return [FixApplication.write(fix)]
        case .inferModel(let node, let name, let keys):
            return [InferredModelFile.write(tree: state.tree, node: node, name: name, keys: keys, folder: services.inferredModelsFolder)]
        case .cancelDecode:
            services.decoder?.cancel()
            return []
        case .askValue(let query, let requestID):
            guard let decoder = services.decoder else {
                return [.valueAnswered(query: query.id, .unavailable("this explorer was started without a decoder"))]
            }
            let inbox = self.inbox
            inbox.beginWork()
            decoder.value(query, ofDecode: requestID) { answer in
                inbox.post(.valueAnswered(query: query.id, answer))
                inbox.endWork()
            }
            return []
        case .cancelModelRead:
            modelWork.cancel()
            return []
        case .reload(let payload, let models):
            var actions: [Action] = []
            if models, let load = services.loadModels {
                loads += 1
                modelWork.load(state.decode.setup, number: loads, with: load)
                actions.append(.modelsReadStarted)
            }
            if payload, let load = services.loadPayload {
                loads += 1
                switch load() {
                case .success(let reloaded): actions.append(.payloadReloaded(Loaded(reloaded, number: loads)))
                case .failure(let failure): actions.append(.payloadUnreadable(failure.message))
                }
            }
            return actions
        case .checkType(let expression):
            guard let schema = state.decode.setup.schema else { return [.typeChecked(expression, problem: nil)] }
            modelWork.check(expression, in: schema)
            return []
        case .copy(let text):
            if let command = services.clipboardCommand {
                switch command.copy(text) {
                case .success: return [.copied(via: command.name, failed: false)]
                case .failure(let failure):
                    backend.copyToClipboard(text)
                    return [.copied(via: "\(command.name) \(failure.message), sent by OSC 52 instead", failed: true)]
                }
            }
            backend.copyToClipboard(text)
            return [.copied(via: "OSC 52", failed: false)]
        case .backToList:
            wentBackToList = true
            isRunning = false
            return []
        case .switchPayload(let path):
            nextPayload = path
            isRunning = false
            return []
        case .openEditor(let request):
            let backend = self.backend
            return [EditorSession.run(request, tree: state.tree, handOver: { backend.handOver($0) })]
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
        // The detail pane grows with what it explains, so the tree may have lost rows since the
        // actions ran: keep the cursor among those left (nothing moves while it is in view).
        let now = layout
        if now != state.viewport { state.perform(.layout(now)) }
        backend.draw(ScreenRenderer.render(state, width: size.width, height: size.height))
    }
}

/// The explorer's queue of actions from work running elsewhere.
public typealias ActionInbox = Inbox<Action>

/// A thread-safe queue of actions for a run loop (the tree's, the capture list's), from work
/// running elsewhere.
public final class Inbox<Item: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var actions: [Item] = []
    private var expecting = 0

    public init() {}

    public func post(_ action: Item) {
        lock.lock(); defer { lock.unlock() }
        actions.append(action)
    }

    func drain() -> [Item] {
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

    /// Whether work begun is still out (what it posts is in the inbox once it ended).
    var isWorkOut: Bool {
        lock.lock(); defer { lock.unlock() }
        return expecting > 0
    }

    public func beginWork() { lock.lock(); expecting += 1; lock.unlock() }
    public func endWork() { lock.lock(); expecting = max(0, expecting - 1); lock.unlock() }
}
