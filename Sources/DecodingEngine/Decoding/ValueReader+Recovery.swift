import Foundation
import JSONTree
import ModelSchema

/// All-errors mode: where the synthesized code would let an error escape a property, an
/// array element or a dictionary value, the reader records it and stands in `null`.
///
/// Example: `[{"id": 1}, {"id": "x"}, {"id": 3}]` as `[Item]` records the typeMismatch at
/// `[1].id` inside the second `Item`, which then returns normally, so the array goes on to
/// `[2]`. An error is caught at the innermost of these levels, so it is recorded only once.
extension ValueReader {
    /// One property, associated value or dictionary value: `attempt`, recovering in all-errors mode.
    func decodeValue(
        child: NodeID?, type: TypeRef, member: KeyedPlan.Member? = nil,
        _ body: () throws -> DecodedValue
    ) throws -> DecodedValue {
        do {
            return try attempt(child: child, type: type, member: member, body)
        } catch {
            guard let recorded = context.recoverable(error) else { throw error }
            context.record(recorded)
            return .null
        }
    }

    /// The unkeyed container's next element, whose node is `child`. `JSONDecoder` leaves
    /// `currentIndex` where it was when a decode fails, so after a recorded error a no-op
    /// value steps over the element.
    func decodeElement(
        _ type: TypeRef, from container: inout any UnkeyedDecodingContainer,
        child: NodeID?, step: NodeTypes.Step = .element
    ) throws -> DecodedValue {
        if let types = context.types { types.note(child, types.child(of: types.id(of: node), step, declared: type)) }
        var slot = UnkeyedSlot(container: container)
        defer { container = slot.container }
        do {
            return try traced("decode(\(type.swiftSpelling).self)", node: child, { $0.json }) {
                try attempt(child: child, type: type) {
                    try decodeChild(type, in: &slot, context: context, at: .node(child, depth: depth + 1))
                }
            }
        } catch {
            guard let recorded = context.recoverable(error) else { throw error }
            context.record(recorded)
            _ = try slot.container.decode(Skip.self)
            return .null
        }
    }
}
