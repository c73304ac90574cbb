import JSONTree

/// The places the cursor jumped from, as in vim and jless: Ctrl-o goes back, Ctrl-n forward.
///
/// A jump is a move that can land far away (a search, `]e`, `:`, a click, `%`, `g`, `G`)
/// and a change of the decode root (Enter), so Ctrl-o also undoes a re-root. Worked through:
/// at A, `]e` lands on B: `places = [A]`, `index = 1` (past the end: "here" is not stored).
/// Ctrl-o stores B so Ctrl-n can come back (`[A, B]`), goes to A, `index = 0`. Ctrl-n goes to B,
/// `index = 1`. A new jump from A while back in the list drops what was ahead of it, as vim does.
public struct JumpHistory: Hashable, Sendable {
    /// One place: the cursor's row and the decode root at the time.
    public struct Place: Hashable, Sendable {
        public var row: Row
        /// The decode root then (nil: nothing was decoded at a chosen root).
        public var root: NodeID?

        public init(row: Row, root: NodeID?) {
            self.row = row
            self.root = root
        }
    }

    /// Older places first.
    public private(set) var places: [Place] = []
    /// Where "here" is in ``places``: `places.count` when at the newest place.
    public private(set) var index = 0
    /// The history keeps this many places (the oldest go first).
    static let limit = 100

    public init() {}

    /// A jump is leaving `place`: remember it, forgetting what lay ahead of it.
    public mutating func record(_ place: Place) {
        places.removeSubrange(min(index, places.count)...)
        if places.last != place { places.append(place) }
        if places.count > Self.limit { places.removeFirst(places.count - Self.limit) }
        index = places.count
    }

    /// Ctrl-o from `here`: the place to go back to, if any.
    public mutating func back(from here: Place) -> Place? {
        guard !places.isEmpty else { return nil }
        if index >= places.count {
            // Keep "here" so Ctrl-n can return to it (unless it is the newest place already).
            if places.last == here { index = places.count - 1 } else { places.append(here) }
        }
        guard index > 0 else { return nil }
        index -= 1
        return places[index]
    }

    /// Ctrl-n: the place to go forward to, if any.
    public mutating func forward() -> Place? {
        guard index + 1 < places.count else { return nil }
        index += 1
        return places[index]
    }
}
