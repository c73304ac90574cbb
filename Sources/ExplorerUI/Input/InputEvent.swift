/// A key as the explorer understands it, whatever terminal it came from.
public enum Key: Hashable, Sendable {
    case character(Character)
    case control(Character)
    case up, down, left, right, pageUp, pageDown, home, end, enter, escape, backspace, tab, backTab
    /// F1 to F12.
    case function(Int)
    case resize
}

/// A mouse event: where (screen cells) and what.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case click, doubleClick, wheelUp, wheelDown }
    public var x: Int
    public var y: Int
    public var kind: Kind

    public init(x: Int, y: Int, kind: Kind) {
        self.x = x
        self.y = y
        self.kind = kind
    }
}

/// What the terminal hands the run loop.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    case resize
    /// Nothing arrived within the time asked for: a chance to look at side effects.
    case timeout
}
