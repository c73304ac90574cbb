/// The terminal, behind a protocol: ncurses for people, a recording one for tests.
public protocol TerminalBackend: AnyObject {
    /// Columns and rows.
    var size: (width: Int, height: Int) { get }
    /// Shows a frame (a backend may paint only what changed since the last one).
    func draw(_ screen: Screen)
    /// The next event, waiting at most `timeoutMilliseconds` (forever when nil); nil when
    /// input has ended.
    func readInput(timeoutMilliseconds: Int?) -> InputEvent?
    /// Whether events are scripted (tests): then the run loop lets work off the loop (model
    /// reading, type checks) finish before the next event, as a person typing would.
    var isScripted: Bool { get }
    /// Hands the terminal back to the shell and stops the process until it is resumed
    /// (Ctrl-Z), then takes the terminal again.
    func suspend()
    /// Puts text on the system clipboard (OSC 52), if the backend can.
    func copyToClipboard(_ text: String)
    /// Forgets what the terminal shows, so the next frame paints every cell (Ctrl-L).
    func invalidate()
    /// Gives the terminal to another program (`$EDITOR`) while `body` runs, then takes it
    /// back and paints every cell.
    func handOver(_ body: () -> Void)
    /// Gives the terminal back as it was.
    func shutdown()
}

extension TerminalBackend {
    public var isScripted: Bool { false }
    public func suspend() {}
    public func copyToClipboard(_ text: String) {}
    public func invalidate() {}
    public func handOver(_ body: () -> Void) { body() }
}

/// A backend for tests: events are scripted, frames are kept.
public final class RecordingBackend: TerminalBackend {
    public var size: (width: Int, height: Int)
    public private(set) var frames: [Screen] = []
    private var events: [InputEvent]
    public private(set) var isShutDown = false
    public private(set) var clipboard: [String] = []
    public private(set) var suspensions = 0
    public private(set) var invalidations = 0
    /// Called before each event is handed out (a test can resize or change files here).
    public var beforeEvent: ((InputEvent) -> Void)?

    public init(width: Int, height: Int, events: [InputEvent]) {
        size = (width, height)
        self.events = events
    }

    public convenience init(width: Int, height: Int, keys: [Key]) {
        self.init(width: width, height: height, events: keys.map { $0 == .resize ? .resize : .key($0) })
    }

    public func draw(_ screen: Screen) { frames.append(screen) }

    public func readInput(timeoutMilliseconds: Int?) -> InputEvent? {
        guard !events.isEmpty else { return nil }
        let event = events.removeFirst()
        beforeEvent?(event)
        return event
    }

    public var isScripted: Bool { true }

    public func suspend() { suspensions += 1 }

    public func invalidate() { invalidations += 1 }

    public func copyToClipboard(_ text: String) { clipboard.append(text) }

    public func shutdown() { isShutDown = true }

    /// Changes the size, as a terminal window resize does.
    public func resize(width: Int, height: Int) { size = (width, height) }
}
