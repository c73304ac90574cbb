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
            try PathContainer.skip(&container, to: part.index)
        } catch {
            throw EngineFailure.splitAbandoned
        }
        guard container.currentIndex == part.index else { throw EngineFailure.splitAbandoned }
        let array = ValueReader(decoder: decoder, context: context, node: split.node, depth: steps.count)
        return .array(try array.readElements(element, from: &container, first: part.first))
    }

    /// The unkeyed container at the end of a coding path, opened with the path's own keys
    /// (the keys the skeleton's decode used there, already converted from snake_case).
    private func walkToArray(_ steps: [PathComponent]) throws -> any UnkeyedDecodingContainer {
        let container = try PathContainer.open(steps[...], from: decoder, toward: .index(0)) { CodingKeys(stringValue: $0) }
        guard case .unkeyed(let array) = container else { throw EngineFailure.splitAbandoned }
        return array
    }
}
