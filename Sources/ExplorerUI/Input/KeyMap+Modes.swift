/// The keys of the views drawn over the tree (fixes, stepping, options): tables of the key
/// map like the tree's, so keys.conf remaps them and the help lists what is in force.
extension KeyMap {
    public static let standardModes: [KeyContext: [[Key]: Action]] = [
        .fixes: flat([
            (.fixes(.by(1)), [.character("j"), .down, .tab]),
            (.fixes(.by(-1)), [.character("k"), .up, .backTab]),
            (.fixes(.askToWrite), [.enter, .character("w")]),
            (.fixes(.close), [.escape, .character("q"), .character("f"), .control("c")]),
            (.fixes(.scroll(.halfPages(1))), [.character("J"), .character("}"), .control("d"), .pageDown, .character(" ")]),
            (.fixes(.scroll(.halfPages(-1))), [.character("K"), .character("{"), .control("u"), .pageUp]),
        ]),
        .confirmFix: flat([
            (.fixes(.confirm), [.character("y")])
        ]),
        .stepping: flat([
            (.step(.by(1)), [.character("j"), .down, .character("n"), .character(" "), .enter, .right, .character("l")]),
            (.step(.by(-1)), [.character("k"), .up, .character("p"), .backspace, .left, .character("h")]),
            (.step(.by(10)), [.control("d"), .pageDown]),
            (.step(.by(-10)), [.control("u"), .pageUp]),
            (.step(.first), [.character("g"), .home]),
            (.step(.last), [.character("G"), .end]),
            (.step(.nextFailure), [.character("e")]),
            (.step(.close), [.escape, .character("q"), .character("i"), .control("c")]),
        ]),
        .options: flat([
            (.optionsMenu(.by(1)), [.character("j"), .down, .tab]),
            (.optionsMenu(.by(-1)), [.character("k"), .up, .backTab]),
            (.optionsMenu(.change(forward: true)), [.character(" "), .enter, .character("l"), .right]),
            (.optionsMenu(.change(forward: false)), [.character("h"), .left]),
            (.optionsMenu(.editDateFormat), [.character("e")]),
            (.optionsMenu(.close), [.escape, .character("o"), .character("q"), .control("c")]),
        ]),
        .scenarios: flat([
            (.scenarios(.by(1)), [.character("j"), .down, .tab]),
            (.scenarios(.by(-1)), [.character("k"), .up, .backTab]),
            (.scenarios(.scrollAbout(1)), [.character("J"), .control("d"), .pageDown, .character(" ")]),
            (.scenarios(.scrollAbout(-1)), [.character("K"), .control("u"), .pageUp]),
            (.scenarios(.open), [.enter]),
            (.scenarios(.close), [.escape, .character("q"), .character("S"), .control("c")]),
        ]),
    ]

    private static func flat(_ pairs: [(Action, [Key])]) -> [[Key]: Action] {
        var table: [[Key]: Action] = [:]
        for (action, keys) in pairs { for key in keys { table[[key]] = action } }
        return table
    }

    /// The table for a context (the tree's is ``bindings``).
    public func table(_ context: KeyContext) -> [[Key]: Action] {
        context == .browse ? bindings : modeBindings[context] ?? [:]
    }

    /// What a key sequence means in a context.
    public func match(_ keys: [Key], in context: KeyContext) -> Match {
        guard context != .browse else { return match(keys) }
        return modeBindings[context]?[keys].map(Match.action) ?? .unbound
    }

    /// The keys bound to an action in a context, as the help writes them.
    public func sequences(for action: Action, in context: KeyContext) -> [[Key]] {
        guard context != .browse else { return sequences(for: action) }
        // Letters first, as the tree's keys are listed, so the help's narrow column keeps them.
        func rank(_ keys: [Key]) -> Int { if case .character(let c) = keys[0], c != " " { 0 } else { 1 } }
        return (modeBindings[context] ?? [:]).filter { $0.value == action }.map(\.key)
            .sorted { (rank($0), KeyName.describe($0)) < (rank($1), KeyName.describe($1)) }
    }
}
