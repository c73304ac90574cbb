/// Which key does what: one table, so a user can remap any key.
public struct KeyMap: Sendable {
    public var bindings: [Key: Command]

    /// What a key asks for: an ``Action`` on the state, or something for the run loop.
    public enum Command: Hashable, Sendable {
        case action(Action)
        case quit
        case help
    }

    public static let standard = KeyMap(bindings: [
        .character("j"): .action(.moveDown), .down: .action(.moveDown),
        .character("k"): .action(.moveUp), .up: .action(.moveUp),
        .character("h"): .action(.foldOrParent), .left: .action(.foldOrParent),
        .character("l"): .action(.unfoldOrChild), .right: .action(.unfoldOrChild),
        .character("J"): .action(.nextSibling), .character("K"): .action(.previousSibling),
        .character("g"): .action(.first), .home: .action(.first),
        .character("G"): .action(.last), .end: .action(.last),
        .control("d"): .action(.halfPageDown), .control("u"): .action(.halfPageUp),
        .pageDown: .action(.pageDown), .pageUp: .action(.pageUp),
        .character(" "): .action(.toggleFold),
        .character("L"): .action(.unfoldAllBelow), .character("H"): .action(.foldAllBelow),
        .character("q"): .quit, .control("c"): .quit,
        .character("?"): .help,
    ])

    public func command(for key: Key) -> Command? { bindings[key] }
}
