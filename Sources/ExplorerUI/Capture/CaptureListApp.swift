import Capture
import Foundation
import JSONTree

/// The capture list's run loop: draw, read a key, perform, carry out. The list shows at once;
/// the verdicts come from ``CaptureChecker`` through the inbox. A save of a model file or of the
/// routes file (``FileWatcher``) checks the capture again. `run` returns when the user opens an
/// entry (the caller shows its tree, then calls `run` again: the state, cursor included, is kept)
/// or quits.
public final class CaptureListApp {
    public private(set) var state: CaptureListState
    public let capture: Capture
    public private(set) var routes: RouteTable
    let checker: CaptureChecker?
    let watcher: FileWatcher?
    /// Reads the routes file again after a save; nil: the routes are `--type`'s, fixed.
    let readRoutes: (@Sendable () -> Result<RouteTable, ReloadFailure>)?
    let keys: CaptureListKeys
    public let inbox = Inbox<CaptureListAction>()
    private var started = false

    public init(
        name: String, capture: Capture, routes: RouteTable, checker: CaptureChecker?, watcher: FileWatcher? = nil,
        readRoutes: (@Sendable () -> Result<RouteTable, ReloadFailure>)? = nil, keys: CaptureListKeys = .standard
    ) {
        self.capture = capture
        self.routes = routes
        self.checker = checker
        self.watcher = watcher
        self.readRoutes = readRoutes
        self.keys = keys
        state = CaptureListState(name: name, rows: Self.rows(capture, routes: routes))
    }

    /// Each entry's row, as the routes plan it.
    public static func rows(_ capture: Capture, routes: RouteTable) -> [CaptureRow] {
        (0..<capture.count).map { CaptureRow(capture.listing(at: $0), routes: routes) }
    }

    /// Runs until the user opens an entry (its index) or quits (nil); the terminal is given back
    /// either way. The check keeps running meanwhile.
    public func run(backend: TerminalBackend) -> Int? {
        defer { backend.shutdown() }
        state.perform(.layout(width: backend.size.width, height: backend.size.height))
        if !started {
            started = true
            checker?.start(routes: routes, generation: state.generation, inbox: inbox)
        }
        perform(inbox.drain(), backend: backend)
        draw(backend)
        while true {
            // A scripted terminal (tests) reads on once the session answered, as a reader would.
            if backend.isScripted, let checker {
                checker.waitUntilIdle()
                let answered = inbox.drain()
                if !answered.isEmpty {
                    if let outcome = perform(answered, backend: backend) { return outcome }
                    draw(backend)
                }
            }
            guard let event = backend.readInput(timeoutMilliseconds: pollInterval) else { return nil }
            let size = backend.size
            if size != state.size { state.perform(.layout(width: size.width, height: size.height)) }
            var actions: [CaptureListAction] = []
            if case .key(let key) = event { actions += state.actions(for: key, keys: keys) }
            actions += inbox.drain()
            if event == .timeout || backend.isScripted, watcher?.poll() != nil { actions += recheck() }
            if let outcome = perform(actions, backend: backend) { return outcome }
            draw(backend)
        }
    }

    /// Performs actions; the entry to open, or `.some(nil)` to quit, ends the run.
    private func perform(_ actions: [CaptureListAction], backend: TerminalBackend) -> Int?? {
        for action in actions {
            for effect in state.perform(action) {
                switch effect {
                case .open(let index): return .some(index)
                case .quit:
                    checker?.cancel()
                    return .some(nil)
                case .redraw: backend.invalidate()
                }
            }
        }
        return nil
    }

    /// A model or the routes saved: the routes read again, and a new check with them.
    private func recheck() -> [CaptureListAction] {
        if let readRoutes {
            switch readRoutes() {
            case .success(let table): routes = table
            case .failure(let failure): return [.say(StatusMessage(failure.message, tone: .error))]
            }
        }
        let generation = state.generation + 1
        let rows = Self.rows(capture, routes: routes)
        checker?.start(routes: routes, generation: generation, inbox: inbox)
        return [.restarted(rows: rows, generation: generation), .say(StatusMessage("saved: checking the capture again"))]
    }

    private var pollInterval: Int? {
        if inbox.isExpectingWork { return 100 }
        return watcher == nil ? nil : 250
    }

    private func draw(_ backend: TerminalBackend) {
        let size = backend.size
        backend.draw(CaptureListRenderer.render(state, width: size.width, height: size.height))
    }
}
