extension KeyMap {
    /// The key sequences bound to an action, shortest first, then as the help lists keys
    /// (letters before named keys).
    public func sequences(for action: Action) -> [[Key]] {
        bindings.filter { $0.value == action }.map(\.key).sorted { a, b in
            if a.count != b.count { return a.count < b.count }
            return (Self.rank(a), KeyName.describe(a)) < (Self.rank(b), KeyName.describe(b))
        }
    }

    /// Printable keys first, then named and control keys.
    private static func rank(_ keys: [Key]) -> Int {
        keys.allSatisfy { if case .character(let c) = $0 { c != " " } else { false } } ? 0 : 1
    }

    /// The bindings that would make `keys` impossible to type or be hidden by it: longer ones
    /// that start with it, and shorter ones it starts with.
    public func clashes(with keys: [Key]) -> (longer: [[Key]], shorter: [[Key]]) {
        var longer: [[Key]] = []
        var shorter: [[Key]] = []
        for bound in bindings.keys where bound != keys {
            if bound.count > keys.count && Array(bound.prefix(keys.count)) == keys { longer.append(bound) }
            if bound.count < keys.count && Array(keys.prefix(bound.count)) == bound { shorter.append(bound) }
        }
        let order: ([Key], [Key]) -> Bool = { KeyName.describe($0) < KeyName.describe($1) }
        return (longer.sorted(by: order), shorter.sorted(by: order))
    }

    /// The first key sequence bound to an action, as the screen writes it (for hints).
    public func keyName(for action: Action) -> String? {
        sequences(for: action).first.map(KeyName.describe)
    }
}
