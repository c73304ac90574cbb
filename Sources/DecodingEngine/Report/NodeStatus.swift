/// What the decode did with one node of the payload, for the tree view.
///
/// A node the decode never reached (inside an ignored member, or after the first error in
/// first-error mode) has no status at all.
public enum NodeStatus: Sendable, Hashable, Codable {
    /// A container call read it, successfully.
    case read
    /// It sits in an object the model decoded, but no coding key asks for it (shown dimmed).
    case ignored
    /// An error is about this node (a `keyNotFound` is about the key, listed in `missingKeys`).
    case failed

    /// Which status wins when a node gets two: an error is never hidden by a read.
    var rank: Int {
        switch self {
        case .ignored: 0
        case .read: 1
        case .failed: 2
        }
    }
}
