/// Which keys do what: one table of key sequences (`j`, `]e`, `yp`), so a user can remap any.
public struct KeyMap: Sendable {
    /// The tree's keys.
    public var bindings: [[Key]: Action]
    /// The keys of the views drawn over the tree (KeyMap+Modes).
    public var modeBindings: [KeyContext: [[Key]: Action]]

    public init(bindings: [[Key]: Action], modeBindings: [KeyContext: [[Key]: Action]] = KeyMap.standardModes) {
        self.bindings = bindings
        self.modeBindings = modeBindings
    }

    /// What a sequence typed so far means.
    public enum Match: Hashable, Sendable {
        case action(Action)
        /// The start of a longer binding: wait for the next key.
        case prefix
        case unbound
    }

    public func match(_ keys: [Key]) -> Match {
        if let action = bindings[keys] { return .action(action) }
        if bindings.keys.contains(where: { $0.count > keys.count && Array($0.prefix(keys.count)) == keys }) { return .prefix }
        return .unbound
    }

    private static func table(_ pairs: [([Key], Action)]) -> [[Key]: Action] {
        Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }

    private static func single(_ pairs: [(Key, Action)]) -> [[Key]: Action] {
        table(pairs.map { ([$0.0], $0.1) })
    }

    public static let standard = KeyMap(
        bindings: decoding.merging(navigation, uniquingKeysWith: { first, _ in first })
            .merging(viewer, uniquingKeysWith: { first, _ in first }))

    static let decoding = table([
        ([.enter], .decodeHere),
        ([.character("t")], .openPrompt(.type)),
        ([.character("o")], .openOptions),
        ([.character("E")], .toggleAllErrors),
        ([.character("]"), .character("e")], .nextError),
        ([.character("["), .character("e")], .previousError),
        ([.character("]"), .character("c")], .nextCaught),
        ([.character("["), .character("c")], .previousCaught),
        ([.tab], .cycleDetail),
        ([.character("-")], .foldValue(-1)),
        ([.character("+")], .foldValue(1)),
        ([.character("r")], .reload(payload: true, models: true)),
        ([.character("i")], .openStepping),
        ([.character("f")], .openFixes),
        ([.character("I")], .inferModel),
    ])

    static let navigation = single([
        (.character("j"), .moveDown), (.down, .moveDown),
        (.character("k"), .moveUp), (.up, .moveUp),
        (.character("h"), .foldOrParent), (.left, .foldOrParent),
        (.character("l"), .unfoldOrChild), (.right, .unfoldOrChild),
        (.character("J"), .nextSibling), (.character("K"), .previousSibling),
        (.character("g"), .first), (.home, .first),
        (.character("G"), .last), (.end, .last),
        (.control("d"), .halfPageDown), (.control("u"), .halfPageUp),
        (.pageDown, .pageDown), (.pageUp, .pageUp),
        (.character(" "), .toggleFold),
        (.character("L"), .unfoldAllBelow), (.character("H"), .foldAllBelow),
        (.character("q"), .quit), (.control("c"), .quit),
        (.backspace, .backToList),
        // `?` searches backwards, as in jless; the help is on F1 (and `:help`).
        (.function(1), .showHelp),
        (.escape, .cancel),
        // Search, paths, copies, the pager, the terminal (ExplorerState+Search, +GoTo, +Copy, +Pager).
        (.character("/"), .openPrompt(.search)), (.character("n"), .nextMatch), (.character("N"), .previousMatch),
        (.character(":"), .openPrompt(.goTo)), (.character("p"), .openPager),
        (.character("b"), .pageUp), (.control("b"), .pageUp), (.control("f"), .pageDown),
        (.control("z"), .suspend), (.control("l"), .redraw),
    ]).merging(copyBindings) { first, _ in first }

    /// What jless and fx users reach for (ExplorerState+Counts, +Jumps, +Editor, +Lines).
    static let viewer: [[Key]: Action] = {
        var table = single([
            (.character("?"), .openPrompt(.searchBackward)),
            (.character("c"), .foldSiblings), (.character("e"), .unfoldSiblings),
            (.character("%"), .matchingBracket),
            (.control("o"), .jumpBack), (.control("n"), .jumpForward),
            (.character("w"), .toggleWrap),
            (.character("v"), .openEditor(wholePayload: false)), (.character("V"), .openEditor(wholePayload: true)),
            (.character("m"), .toggleLines),
            (.character("S"), .openScenarios),
            (.character("}"), .scrollDetail(.halfPages(1))), (.character("{"), .scrollDetail(.halfPages(-1))),
        ])
        for level in 1...9 { table[[.character("z"), .character(Character(String(level)))]] = .foldToLevel(level) }
        table[[.character("y"), .character("k")]] = .copy(.key)
        table[[.character("y"), .character("q")]] = .copy(.jq)
        table[[.character("y"), .character("b")]] = .copy(.brackets)
        return table
    }()

    /// `y` then what to copy.
    static let copyBindings: [[Key]: Action] = [
        [.character("y"), .character("p")]: .copy(.path),
        [.character("y"), .character("j")]: .copy(.pointer),
        [.character("y"), .character("s")]: .copy(.swift),
        [.character("y"), .character("v")]: .copy(.value),
    ]
}
