/// What the detail pane under the tree shows (Tab cycles).
public enum DetailView: Hashable, Sendable, CaseIterable {
    /// The error at the cursor when there is one, else the node.
    case automatic
    /// The decoded Swift value at the cursor.
    case value
    /// The model's source for the type at the cursor, the property highlighted.
    case source

    public var next: DetailView {
        let all = Self.allCases
        return all[(all.firstIndex(of: self)! + 1) % all.count]
    }
}
