/// A JSON kind other than null.
enum ValueKind: Hashable, Sendable, CaseIterable {
    case bool, number, string, object, array
}
