import Foundation
import JSONTree
import ModelSchema

/// A `Decodable` whose type is decided at run time by the schema in the decoder's `userInfo`.
///
/// Its `init(from:)` makes exactly the container calls the compiler-synthesized (or
/// standard-library) `init(from:)` of that type makes, so every error is `JSONDecoder`'s own.
/// Example: for `struct Product { let id: Int; let tags: [Tag] }` it calls
/// `container(keyedBy: CodingKeys.self)`, then `decode(Int.self, forKey: id)` with the real
/// `Int`, then `decode(DynamicValue.self, forKey: tags)` after setting the context's pending
/// plan to `[Tag]`; that nested value walks an unkeyed container as `Array.init(from:)` does.
struct DynamicValue: Decodable {
    let value: DecodedValue

    init(from decoder: any Decoder) throws {
        guard let context = decoder.userInfo[DecodingContext.userInfoKey] as? DecodingContext else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "DecodingEngine: the decoding context is missing"))
        }
        let plan = context.pending
        defer { context.pending = plan }
        let hint = context.pendingNode
        context.pendingNode = .unknown
        let (node, depth) = context.enter(decoder, hint: hint)
        defer { context.leave() }
        let reader = ValueReader(decoder: decoder, context: context, node: node, depth: depth)
        switch plan {
        case .decode(let type): value = try reader.read(type)
        case .value(let type):
            // A value of a dictionary `JSONDecoder` decodes as a real `[String: DynamicValue]`.
            if let types = context.types, let node {
                types.note(node, types.child(of: types.id(of: context.tree?.parent(node)), .value, declared: type))
            }
            do {
                value = try reader.read(type)
            } catch {
                guard let recorded = context.recoverable(error) else { throw error }
                context.noteOrigin(.init(container: nil, child: node, type: type))
                context.record(recorded)
                value = .null
                return
            }
        case .walk(let steps, let type): value = try reader.walk(steps, then: type)
        case .part(let part, let steps, let element): value = try reader.readPart(part, steps: steps, of: element)
        }
        context.mark(node, .read)
    }
}

/// Errors of the engine itself, never of the payload: a type the schema cannot decode.
enum EngineFailure: Error, Hashable {
    case notDecodable(String)
    case pathMismatch(String)
    /// A part of a split array failed with this error, located in the part's decode: the
    /// error `JSONDecoder` throws first for the whole array.
    case failedInPart(LocatedDecodingError)
    /// The split array cannot be decoded in parts here: the decode starts again whole.
    case splitAbandoned
}

/// Decodes one child through a slot: real types as themselves, `[String: T]` and `[Int: T]`
/// as real dictionaries of `DynamicValue` (so `JSONDecoder` treats them as dictionaries),
/// everything else as a `DynamicValue` with a pending plan. In all-errors mode, containers of
/// real types and `[Int: T]` go through `DynamicValue` too, so that each element (and each
/// key that is not an `Int`) can fail on its own.
///
/// `hint` is the node of the value when the caller has found it already (a member, an
/// element, the value of an optional): the `DynamicValue` then need not look it up.
func decodeChild<S: DecodingSlot>(
    _ type: TypeRef, in slot: inout S, context: DecodingContext,
    at hint: DecodingContext.NodeHint = .unknown
) throws -> DecodedValue {
    if case .scalar(let scalar) = type, let value = try slot.decodeScalar(scalar) { return value }
    if context.decodesAsReal(type), let real = RealType.make(type) {
        func call<T: RealDecodable>(_ t: T.Type) throws -> DecodedValue { try slot.decode(t).map { $0.decodedValue } ?? .null }
        return try call(real)
    }
    switch type {
    case .dictionary(.scalar(.string), let value):
        context.pending = .value(value)
        guard let d = try slot.decode([String: DynamicValue].self) else { return .null }
        return .dictionary(d.map { .init($0.key, $0.value.value) })
    case .dictionary(.scalar(.int), let value) where !context.options.allErrors:
        context.pending = .value(value)
        guard let d = try slot.decode([Int: DynamicValue].self) else { return .null }
        return .dictionary(d.map { .init(String($0.key), $0.value.value) })
    default:
        context.pending = .decode(type)
        // Cleared after the call too: `decodeIfPresent` may create no `DynamicValue` at all.
        context.pendingNode = hint
        defer { context.pendingNode = .unknown }
        return try slot.decode(DynamicValue.self)?.value ?? .null
    }
}
