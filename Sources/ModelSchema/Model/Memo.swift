import Foundation

/// Answers worked out once and kept, for questions whose answer never changes (a type's text
/// parsed, a schema's hand-written `init(from:)` read): a check of a capture asks them again for
/// each of its thousands of entries. Bounded: past `limit` answers it starts again empty.
final class Memo<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [Key: Value] = [:]
    private let limit: Int

    init(limit: Int = 4096) { self.limit = limit }

    /// The answer for `key`, worked out by `make` the first time.
    func value(_ key: Key, _ make: () -> Value) -> Value {
        if let known = lock.withLock({ answers[key] }) { return known }
        let made = make()
        lock.withLock {
            if answers.count >= limit { answers.removeAll(keepingCapacity: true) }
            answers[key] = made
        }
        return made
    }
}
