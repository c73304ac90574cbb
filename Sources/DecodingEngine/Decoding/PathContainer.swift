import JSONTree

/// A container on the way down a key path, as the snippet `NodePath.swiftCode(decoding:)`
/// shows opens them: keyed for a step that is a key, unkeyed for one that is an index, and
/// `Skip` past the elements before an index. The engine's walk to a key path
/// (``ValueReader/walk(_:then:)``) and a split array's part walking to its array
/// (``ValueReader/readPart(_:steps:of:)``) both go this way, so both fail as that code would.
enum PathContainer {
    case keyed(KeyedDecodingContainer<CodingKeys>)
    case unkeyed(any UnkeyedDecodingContainer)

    /// The containers down `steps` from `decoder`'s top: each value opened as the container
    /// the step after it needs, the last one's as `end` needs (`key` makes a step's coding
    /// key from its text). Throws what the decoder throws, or ``EngineFailure/pathMismatch(_:)``
    /// for a step the container cannot take (a key in an array).
    static func open(
        _ steps: ArraySlice<PathComponent>, from decoder: any Decoder, toward end: PathComponent,
        key: (String) -> CodingKeys
    ) throws -> PathContainer {
        var container: PathContainer =
            if case .key = steps.first ?? end {
                .keyed(try decoder.container(keyedBy: CodingKeys.self))
            } else {
                .unkeyed(try decoder.unkeyedContainer())
            }
        for i in steps.indices {
            container = try container.nested(at: steps[i], toward: i + 1 < steps.endIndex ? steps[i + 1] : end, key: key)
        }
        return container
    }

    /// The value at `step` in this container, opened as the container `next` needs.
    private func nested(
        at step: PathComponent, toward next: PathComponent, key: (String) -> CodingKeys
    ) throws
        -> PathContainer
    {
        let nextIsKey: Bool
        if case .key = next { nextIsKey = true } else { nextIsKey = false }
        switch (self, step) {
        case (.keyed(let keyed), .key(let text)):
            let key = key(text)
            return nextIsKey
                ? .keyed(try keyed.nestedContainer(keyedBy: CodingKeys.self, forKey: key))
                : .unkeyed(try keyed.nestedUnkeyedContainer(forKey: key))
        case (.unkeyed(var unkeyed), .index(let n)):
            try Self.skip(&unkeyed, to: n)
            return nextIsKey
                ? .keyed(try unkeyed.nestedContainer(keyedBy: CodingKeys.self))
                : .unkeyed(try unkeyed.nestedUnkeyedContainer())
        default:
            throw EngineFailure.pathMismatch(step.description)
        }
    }

    /// Steps over the elements before `index`, as `_ = try container.decode(Skip.self)` does.
    static func skip(_ unkeyed: inout any UnkeyedDecodingContainer, to index: Int) throws {
        while unkeyed.currentIndex < index { _ = try unkeyed.decode(Skip.self) }
    }
}
