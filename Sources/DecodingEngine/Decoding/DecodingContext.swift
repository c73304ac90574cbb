import Foundation
import JSONTree
import ModelSchema

/// What the schema-driven decode shares with every `DynamicValue` it creates: it travels in
/// the decoder's `userInfo`, and decoding is synchronous, so one mutable object suffices.
final class DecodingContext: @unchecked Sendable {
    /// What the next `DynamicValue.init(from:)` is to decode.
    enum Plan {
        case decode(TypeRef)
        /// A value of a `[String: T]` or `[Int: T]` that `JSONDecoder` decodes as a real
        /// dictionary: in all-errors mode it records its own error and stands in a placeholder.
        case value(TypeRef)
        /// Walk to a node with nested containers, then decode the type there.
        case walk([PathComponent], then: TypeRef)
    }

    /// The innermost container call that threw: where the error really arose.
    struct Origin {
        var container: NodeID?
        var child: NodeID?
        var type: TypeRef
        var property: PropertySchema?
    }

    static let userInfoKey = CodingUserInfoKey(rawValue: "CodableExplorer.DecodingContext")!

    let schema: Schema
    let options: DecodeOptions
    /// The type decoded at the node, for naming the model type in errors it throws itself.
    let rootType: TypeRef
    /// Errors recorded in all-errors mode, located, in the order they arose.
    var errors: [LocatedDecodingError] = []
    var nodeStatus: [NodeID: NodeStatus] = [:]
    var missingKeys: [NodeID: [MissingKey]] = [:]
    var trace: [TraceEntry] = []
    var resolver: CodingPathResolver?
    /// Set by a parent just before it asks the decoder for a `DynamicValue`; restored by the child.
    var pending: Plan
    var origin: Origin?
    /// The model type's name for an error the synthesized code throws itself (`typeMismatch(Command.self, …)`).
    var thrownTypeName: String?
    /// Decoded properties per type in the order the synthesized `init(from:)` reads them.
    /// Nodes of the `DynamicValue`s being decoded, with the length of their coding paths.
    private var frames: [(node: NodeID?, depth: Int)] = []

    init(schema: Schema, options: DecodeOptions, tree: JSONTree?, rootType: TypeRef, plan: Plan) {
        self.schema = schema
        self.options = options
        self.rootType = rootType
        self.resolver = tree.map { CodingPathResolver(tree: $0, keys: options.keys) }
        self.pending = plan
    }

    /// Starts a `DynamicValue` at this coding path and returns its node.
    func enter(_ codingPath: [any CodingKey]) -> NodeID? {
        let base = frames.last ?? (node: resolver.map { $0.tree.root }, depth: 0)
        var node = base.node
        for key in codingPath.dropFirst(base.depth) {
            guard let n = node else { break }
            node = resolver?.child(of: n, PathComponent(key))
        }
        frames.append((node, codingPath.count))
        return node
    }

    func leave() { frames.removeLast() }

    /// How many `DynamicValue`s deep the decode is: the trace's indentation.
    var depth: Int { frames.count }

    func child(of node: NodeID?, _ component: PathComponent) -> NodeID? {
        guard let node else { return nil }
        return resolver?.child(of: node, component)
    }

    /// Records where an error arose, unless a deeper call already did.
    func noteOrigin(_ origin: Origin) {
        if self.origin == nil { self.origin = origin }
    }
}
