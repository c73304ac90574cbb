import Foundation
import JSONTree
import ModelSchema

/// Turns the `DecodingError` Foundation threw into a `LocatedDecodingError`: Foundation's
/// case, path and text unchanged, plus the node it is about and, where Foundation's coding
/// path does not lead there, the real cause.
struct ErrorLocator {
    let context: DecodingContext
    let rootType: TypeRef

    static let invalidJSON = "The given data was not valid JSON."

    mutating func locate(_ error: DecodingError) -> LocatedDecodingError {
        let kind: LocatedDecodingError.Kind
        let details: DecodingError.Context
        var type: Any.Type?
        var key: (any CodingKey)?
        switch error {
        case .keyNotFound(let k, let c): kind = .keyNotFound; details = c; key = k
        case .typeMismatch(let t, let c): kind = .typeMismatch; details = c; type = t
        case .valueNotFound(let t, let c): kind = .valueNotFound; details = c; type = t
        case .dataCorrupted(let c): kind = .dataCorrupted; details = c
        @unknown default: kind = .dataCorrupted; details = .init(codingPath: [], debugDescription: "\(error)")
        }
        var result = LocatedDecodingError(
            kind: kind,
            codingPath: details.codingPath.map(PathComponent.init),
            debugDescription: details.debugDescription,
            expectedType: type.map { $0 == DynamicValue.self ? (context.thrownTypeName ?? rootType.description) : context.typeName($0) },
            key: key?.stringValue,
            property: context.origin?.property)
        result.reason = context.thrownReason ?? Self.scalarReason(kind: kind, type: context.origin?.type, options: context.options)
        context.thrownReason = nil
        guard var resolver = context.resolver else {
            if kind == .dataCorrupted, details.codingPath.isEmpty, context.tree == nil { result.reason = .invalidJSON }
            return result
        }
        let tree = resolver.tree
        let (pathNode, complete) = resolver.resolve(result.codingPath, from: tree.root)
        // Keep the resolver's last array position: in all-errors mode the errors of an array's
        // elements come in order, and each is then found from the one before, not from the start.
        context.resolver = resolver
        var node = pathNode
        if kind != .keyNotFound, let child = context.origin?.child,
            !complete || child == pathNode || Self.isAncestor(pathNode, of: child, in: tree)
        {
            node = child
        }
        if kind == .dataCorrupted, details.debugDescription == Self.invalidJSON,
            let (member, issue) = Self.badKey(among: node, tree: tree)
        {
            // Foundation reads every key of an object it decodes, so a bad key fails the object.
            node = member
            result.reason = .badKey
            result.realCause = .init(
                node: member, location: issue.location,
                explanation:
                    "Foundation reads every key of an object it decodes, and this key is not valid: \(issue.message)")
            result.node = member
            result.location = issue.location
            return result
        } else if kind == .dataCorrupted, details.codingPath.isEmpty, details.debugDescription == Self.invalidJSON,
            let origin = context.origin, context.origin?.child != nil,
            let culprit = Self.culprit(in: node, type: origin.type, tree: tree, resolver: resolver, schema: context.schema)
        {
            node = culprit.node
            result.reason = .numberDoesNotFit
            result.realCause = .init(node: culprit.node, location: tree.location(culprit.node), explanation: culprit.explanation)
        } else if node != pathNode {
            result.realCause = .stoppedShort(at: node, in: tree)
        }
        result.node = node
        result.location = tree.location(node)
        return result
    }

    /// A value Foundation makes from a string and could not: it throws `dataCorrupted` while
    /// the engine reads a `Date` (`.iso8601`, `.formatted`), a `URL` or a `Data` (`.base64`),
    /// alone, optional, or as elements.
    static func scalarReason(kind: LocatedDecodingError.Kind, type: TypeRef?, options: DecodeOptions) -> LocatedDecodingError.Reason? {
        guard kind == .dataCorrupted, let type, let scalar = readScalar(type) else { return nil }
        switch (scalar, options.dates, options.data) {
        case (.date, .iso8601, _): return .iso8601Date
        case (.date, .formatted, _): return .dateFormat
        case (.url, _, _): return .invalidURL
        case (.data, _, .base64): return .invalidBase64
        default: return nil
        }
    }

    private static func readScalar(_ type: TypeRef) -> ScalarType? {
        switch type {
        case .scalar(let scalar): scalar
        case .optional(let t), .array(let t), .set(let t): readScalar(t)
        case .dictionary(_, let value): readScalar(value)
        default: nil
        }
    }

    static func culprit(
        in node: NodeID, type: TypeRef, tree: JSONTree, resolver: CodingPathResolver,
        schema: Schema
    ) -> (node: NodeID, explanation: String)? {
        var finder = NumberCulprit(tree: tree, resolver: resolver, schema: schema)
        return finder.find(in: node, type: type)
    }

    /// The first member of `object` whose key JSONDecoder cannot read (a raw control
    /// character, a bad escape), with the issue the scanner recorded for it.
    static func badKey(among object: NodeID, tree: JSONTree) -> (NodeID, JSONIssue)? {
        guard tree.kind(object) == .object else { return nil }
        let issue = tree.issues.first { $0.inKey && $0.severity == .error && tree.parent($0.node) == object }
        return issue.map { ($0.node, $0) }
    }

    /// Nodes are stored in document order, so a subtree is a contiguous range.
    static func isAncestor(_ a: NodeID, of b: NodeID, in tree: JSONTree) -> Bool {
        a < b && b < tree.subtreeEnd(a)
    }
}
