/// The capture list's keys: one table of key sequences, the tree's own where they mean the same
/// (j/k, g/G, paging, q, Esc) and `]f`/`[f` beside the tree's `]e`/`[e`.
public struct CaptureListKeys: Sendable {
    public var bindings: [[Key]: CaptureListAction]

    public static let standard = CaptureListKeys(bindings: [
        [.character("j")]: .moveDown, [.down]: .moveDown,
        [.character("k")]: .moveUp, [.up]: .moveUp,
        [.character("g")]: .first, [.home]: .first,
        [.character("G")]: .last, [.end]: .last,
        [.pageDown]: .pageDown, [.control("f")]: .pageDown, [.control("d")]: .pageDown,
        [.pageUp]: .pageUp, [.control("b")]: .pageUp, [.control("u")]: .pageUp,
        [.character("]"), .character("f")]: .nextFailing,
        [.character("["), .character("f")]: .previousFailing,
        [.character("/")]: .openFilter,
        [.enter]: .open, [.character("l")]: .open, [.right]: .open,
        [.escape]: .cancel,
        [.character("q")]: .quit, [.control("c")]: .quit,
        [.control("l")]: .redraw,
    ])

    /// The hints on the bottom line: whole hints only, the most useful first.
    static let hints: [(String, Int)] = [
        ("j/k move", 0), ("⏎ open", 0), ("]f/[f failing", 1), ("/ filter URL", 2), ("Esc clear", 4), ("q quit", 0),
    ]
}

extension CaptureListState {
    /// What a key means here: a filter being typed takes every key; a binding's prefix waits for
    /// its next key.
    public mutating func actions(for key: Key, keys: CaptureListKeys = .standard) -> [CaptureListAction] {
        if prompt != nil { return [.filterKey(key)] }
        let typed = pendingKeys + [key]
        if let action = keys.bindings[typed] {
            setPendingKeys([])
            return [action]
        }
        if keys.bindings.keys.contains(where: { $0.count > typed.count && Array($0.prefix(typed.count)) == typed }) {
            setPendingKeys(typed)
            return []
        }
        setPendingKeys([])
        // A wrong second key starts over with itself.
        if typed.count > 1, let action = keys.bindings[[key]] { return [action] }
        return []
    }
}
