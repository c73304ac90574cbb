import Foundation
import JSONTree
import ModelSchema

/// A split array (``ArraySplit``) as the two sides of its decode read it: the skeleton's
/// decode, which finds the array empty and has its parts decoded instead, and each part's
/// decode, which walks to the array and decodes the part's elements.
extension ValueReader {
    /// The split array's elements, from its parts. The call on the skeleton's empty array is
    /// the one the whole decode makes on the full one (`unkeyedContainer()`), and its coding
    /// path names the keys each part walks.
    func readSplit(_ split: ArraySplit, of element: TypeRef) throws -> DecodedValue {
        let container = try decoder.unkeyedContainer()
        let codingPath = decoder.codingPath
        guard container.count == 0, codingPath.count == depth else { throw EngineFailure.splitAbandoned }
        context.servedSplit = true
        let items = try context.decodeParts(of: split, steps: codingPath.map(PathComponent.init), element: element)
        return context.rendersSplitJSON ? ValueJSON.placeholder : .array(items)
    }

    /// One part's document (``ArraySplit/document(of:payload:tree:)``): walks `steps` to the
    /// array, steps over the placeholders before the part, and decodes the part's elements as
    /// `Array.init(from:)` decodes every element. A walk that does not lead there abandons the split.
    func readPart(_ part: ArraySplit.Part, steps: [PathComponent], of element: TypeRef) throws -> DecodedValue {
        guard let split = context.split else { throw EngineFailure.splitAbandoned }
        var container: any UnkeyedDecodingContainer
        do {
            container = try walkToArray(steps)
            while container.currentIndex < part.index { _ = try container.decode(Skip.self) }
        } catch {
            throw EngineFailure.splitAbandoned
        }
        guard container.currentIndex == part.index else { throw EngineFailure.splitAbandoned }
        let array = ValueReader(decoder: decoder, context: context, node: split.node, depth: steps.count)
        return .array(try array.readElements(element, from: &container, first: part.first))
    }

    /// The unkeyed container at the end of a coding path, opened with the path's own keys.
    private func walkToArray(_ steps: [PathComponent]) throws -> any UnkeyedDecodingContainer {
        enum Container {
            case keyed(KeyedDecodingContainer<CodingKeys>)
            case unkeyed(any UnkeyedDecodingContainer)
        }
        guard let first = steps.first else { return try decoder.unkeyedContainer() }
        var container: Container
        if case .key = first {
            container = .keyed(try decoder.container(keyedBy: CodingKeys.self))
        } else {
            container = .unkeyed(try decoder.unkeyedContainer())
        }
        for (i, step) in steps.enumerated() {
            let nextIsKey: Bool
            if i + 1 < steps.count, case .key = steps[i + 1] { nextIsKey = true } else { nextIsKey = false }
            switch (container, step) {
            case (.keyed(let keyed), .key(let key)):
                let key = CodingKeys(stringValue: key)
                container =
                    nextIsKey
                    ? .keyed(try keyed.nestedContainer(keyedBy: CodingKeys.self, forKey: key))
                    : .unkeyed(try keyed.nestedUnkeyedContainer(forKey: key))
            case (.unkeyed(var unkeyed), .index(let n)):
                while unkeyed.currentIndex < n { _ = try unkeyed.decode(Skip.self) }
                container =
                    nextIsKey
                    ? .keyed(try unkeyed.nestedContainer(keyedBy: CodingKeys.self))
                    : .unkeyed(try unkeyed.nestedUnkeyedContainer())
            default:
                throw EngineFailure.splitAbandoned
            }
        }
        guard case .unkeyed(let array) = container else { throw EngineFailure.splitAbandoned }
        return array
    }
}
