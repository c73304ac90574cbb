import Foundation
import JSONTree
import ModelSchema

/// What the decode learns on its way, besides the value: errors (all-errors mode), the
/// status of each node it reaches, required keys that objects lack, and the trace of calls.
extension DecodingContext {
    /// Locates an error that was caught to go on decoding, and forgets its origin so that the
    /// next error finds its own.
    func record(_ error: DecodingError) {
        errors.append(locate(error))
        origin = nil
        thrownTypeName = nil
        thrownReason = nil
    }

    /// The `DecodingError` that `JSONDecoder.decode(_:from:)` would make of an error thrown
    /// inside it, for all-errors mode to record; nil for the engine's own failures.
    ///
    /// A number that does not fit its type is thrown inside as a `JSONError`, and becomes
    /// "The given data was not valid JSON." with an empty coding path only at the top.
    func recoverable(_ error: any Error) -> DecodingError? {
        guard options.allErrors, !(error is EngineFailure) else { return nil }
        if let decoding = error as? DecodingError { return decoding }
        return .dataCorrupted(.init(codingPath: [], debugDescription: ErrorLocator.invalidJSON))
    }

    /// Locates an error with the current origin and marks its node failed.
    func locate(_ error: DecodingError) -> LocatedDecodingError {
        var locator = ErrorLocator(context: self, rootType: rootType)
        let located = locator.locate(error)
        if located.kind != .keyNotFound {
            mark(located.node, .failed)
            mark(located.realCause?.node, .failed)
        }
        return located
    }

    /// Marks a node, unless it already has a status that outranks this one.
    func mark(_ node: NodeID?, _ status: NodeStatus) {
        guard let node else { return }
        let i = node - statusBase
        guard i >= 0, i < statusTable.count else { return }
        let code = UInt8(status.rank + 1)
        if statusTable[i] < code { statusTable[i] = code }
    }

    /// What the decode did with each node it reached: the table itself, copied once.
    var nodeStatus: NodeStatusTable {
        assert([NodeStatus.ignored, .read, .failed].enumerated().allSatisfy { $0.offset == $0.element.rank })
        return NodeStatusTable(codes: statusTable)
    }

    /// Marks a node read; a value `JSONDecoder` decoded as a real Swift type (`[String]`,
    /// `[String: Int]`) was read with everything inside it.
    func markRead(_ node: NodeID?, as type: TypeRef) {
        guard let node else { return }
        guard decodesAsReal(type), let tree = resolver?.tree else { return mark(node, .read) }
        for n in node..<tree.subtreeEnd(node) { mark(n, .read) }
        types?.noteInside(node, tree: tree)
    }

    /// A key a model asks for, and whether it must be there.
    struct WantedKey {
        var key: String
        var required: Bool
        var property: PropertySchema?
    }

    /// Marks the members of an object that none of the model's keys match as ignored, with
    /// everything inside them, and lists the required keys it lacks. Returns the member each
    /// key finds (nil for a key the object lacks, and for every key when it is not an object).
    /// `keys` holds the `wanted` keys' strings.
    func noteKeys(of node: NodeID?, keys: KeyTable, wanted: [WantedKey]) -> [NodeID?] {
        guard let node, let resolver, resolver.tree.kind(node) == .object else {
            return Array(repeating: nil, count: wanted.count)
        }
        let tree = resolver.tree
        let found = resolver.members(of: node, keys: keys)
        var missing: [MissingKey] = []
        for (w, member) in zip(wanted, found) where member == nil && w.required {
            missing.append(MissingKey(key: w.key, property: w.property))
        }
        for member in tree.children(node) where !found.contains(member) {
            for n in member..<tree.subtreeEnd(member) { mark(n, .ignored) }
        }
        if !missing.isEmpty { missingKeys[node] = missing }
        return found
    }

    /// Whether `decodeChild` hands this type to `JSONDecoder` as a real Swift type. In
    /// all-errors mode arrays, sets and dictionaries are walked by the engine instead, so
    /// that each element can fail on its own.
    func decodesAsReal(_ type: TypeRef) -> Bool {
        guard RealType.make(type) != nil else { return false }
        guard options.allErrors else { return true }
        switch type {
        case .array, .set, .dictionary: return false
        default: return true
        }
    }
}
