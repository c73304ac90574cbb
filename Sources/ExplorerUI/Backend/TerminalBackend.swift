/// A key as the explorer understands it, whatever terminal it came from.
public enum Key: Hashable, Sendable {
    case character(Character)
    case control(Character)
    case up, down, left, right, pageUp, pageDown, home, end, enter, escape, backspace, tab
    case resize
}

/// The terminal, behind a protocol: ncurses for people, a recording one for tests.
public protocol TerminalBackend: AnyObject {
    /// Columns and rows.
    var size: (width: Int, height: Int) { get }
    /// Shows a frame (a backend may paint only what changed since the last one).
    func draw(_ screen: Screen)
    /// The next key, or nil when input has ended.
    func readKey() -> Key?
    /// Gives the terminal back as it was.
    func shutdown()
}

/// A backend for tests: keys are scripted, frames are kept.
public final class RecordingBackend: TerminalBackend {
    public var size: (width: Int, height: Int)
    public private(set) var frames: [Screen] = []
    private var keys: [Key]
    public private(set) var isShutDown = false

    public init(width: Int, height: Int, keys: [Key]) {
        size = (width, height)
        self.keys = keys
    }

    public func draw(_ screen: Screen) { frames.append(screen) }

    public func readKey() -> Key? { keys.isEmpty ? nil : keys.removeFirst() }

    public func shutdown() { isShutDown = true }

    /// Changes the size, as a terminal window resize does.
    public func resize(width: Int, height: Int) { size = (width, height) }
}
