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
        /// One part of a split array (``ArraySplit``): walk the coding path to the array,
        /// step over the elements before the part, and decode the part's elements.
        case part(ArraySplit.Part, steps: [PathComponent], element: TypeRef)
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
    /// Per node, 0 when the decode has not reached it, else its status's rank + 1: nearly
    /// every node gets marked, so a flat table, turned into ``nodeStatus`` once at the end.
    /// Raw memory, freed with the context: writes to it need no exclusivity check. A part of
    /// a split array has a table of its own nodes only, from `statusBase`.
    let statusTable: UnsafeMutableBufferPointer<UInt8>
    let statusBase: NodeID
    /// The large array this decode takes in parts, and whether the decode reached it where
    /// the parts stand in for it (an array decoded element by element).
    let split: ArraySplit?
    var servedSplit = false
    /// The split array's elements are wanted as JSON only (``ValueJSON``): each part renders its
    /// own, into ``splitJSON`` (or hands it to ``elementsSink``), and the value holds
    /// ``ValueJSON/placeholder`` in the array's place.
    var rendersSplitJSON = false
    var splitJSON: [[UInt8]] = []
    /// Where the parts' text goes instead of ``splitJSON``, in order, as soon as a part and
    /// those before it are decoded: the elements are then never all held here.
    var elementsSink: (@Sendable ([UInt8]) -> Void)?
    var missingKeys: [NodeID: [MissingKey]] = [:]
    /// What type each node was decoded as, when the options ask for it (``NodeTypes``).
    let types: NodeTypeRecorder?
    var trace: [TraceEntry] = []
    let tree: JSONTree?
    var resolver: CodingPathResolver?
    /// The node of a `DynamicValue` and the length of its coding path, when its parent
    /// already knows them (then `decoder.codingPath`, an array built on every call, is not needed).
    enum NodeHint {
        case unknown
        case node(NodeID?, depth: Int)
    }

    /// Set by a parent just before it asks the decoder for a `DynamicValue`; restored by the child.
    var pending: Plan
    /// Set with `pending` when the parent has found the node; taken by the child at once.
    var pendingNode: NodeHint = .unknown
    var origin: Origin?
    /// The model type's name for an error the synthesized code throws itself (`typeMismatch(Command.self, …)`).
    var thrownTypeName: String?
    /// The reason of an error the synthesized code throws itself, set just before it throws.
    var thrownReason: LocatedDecodingError.Reason?
    /// Decoded properties per type in the order the synthesized `init(from:)` reads them.
    /// Nodes of the `DynamicValue`s being decoded, with the length of their coding paths.
    private var frames: [(node: NodeID?, depth: Int)] = []
    /// The model types met so far.
    private var namedTypes: [TypeRef: NamedType] = [:]
    private var typeNames: [ObjectIdentifier: String] = [:]
    #if DEBUG
    /// A hint that disagreed with its coding path: an engine bug, reported as a failure.
    var inconsistency: String?
    #endif

    /// `statusNodes`: the nodes whose status this decode records (every node when nil).
    init(
        schema: Schema, options: DecodeOptions, tree: JSONTree?, rootType: TypeRef, plan: Plan,
        split: ArraySplit? = nil, statusNodes: Range<NodeID>? = nil
    ) {
        self.schema = schema
        self.options = options
        self.rootType = rootType
        self.tree = tree
        self.split = split
        let nodes = statusNodes ?? 0..<(tree?.nodeCount ?? 0)
        statusBase = nodes.lowerBound
        statusTable = .allocate(capacity: nodes.count)
        statusTable.initialize(repeating: 0)
        types = tree != nil && options.recordsTypes ? NodeTypeRecorder(nodes: nodes) : nil
        self.resolver = tree.map { CodingPathResolver(tree: $0, keys: options.keys) }
        self.pending = plan
    }

    deinit {
        statusTable.deallocate()
    }

    /// Starts a `DynamicValue` and returns its node and the length of its coding path: the
    /// hinted ones, or the node the path leads to from the innermost `DynamicValue` being decoded.
    func enter(_ decoder: any Decoder, hint: NodeHint) -> (node: NodeID?, depth: Int) {
        if case .node(let node, let depth) = hint {
            #if DEBUG
            // Debug builds (the tests) check every hint against the coding path it stands for.
            let resolved = resolve(decoder.codingPath)
            if depth != decoder.codingPath.count || node != resolved, inconsistency == nil {
                inconsistency =
                    "hinted node \(String(describing: node)) at depth \(depth), but the coding path"
                    + " \(decoder.codingPath.map(\.stringValue)) leads to \(String(describing: resolved))"
            }
            #endif
            frames.append((node, depth))
            return (node, depth)
        }
        let codingPath = decoder.codingPath
        let node = resolve(codingPath)
        frames.append((node, codingPath.count))
        return (node, codingPath.count)
    }

    /// The node a coding path leads to from the innermost `DynamicValue` being decoded.
    private func resolve(_ codingPath: [any CodingKey]) -> NodeID? {
        let base = frames.last ?? (node: resolver.map { $0.tree.root }, depth: 0)
        var node = base.node
        for key in codingPath.dropFirst(base.depth) {
            guard let n = node else { break }
            node = resolver?.child(of: n, PathComponent(key))
        }
        return node
    }

    func leave() { frames.removeLast() }

    /// How many `DynamicValue`s deep the decode is: the trace's indentation.
    var depth: Int { frames.count }

    func child(of node: NodeID?, _ component: PathComponent) -> NodeID? {
        guard let node else { return nil }
        return resolver?.child(of: node, component)
    }

    /// The first element of an array node (nil for other kinds), to walk its elements in order.
    func firstElement(of node: NodeID?) -> NodeID? {
        guard let node, let tree, tree.kind(node) == .array else { return nil }
        return tree.firstChild(node)
    }

    /// The next element of the array `node` is in.
    func nextSibling(of node: NodeID?) -> NodeID? {
        guard let node else { return nil }
        return tree?.nextSibling(node)
    }

    /// `String(describing:)` of a Swift type, which demangles its name each time: all-errors
    /// mode names the same few types in thousands of errors.
    func typeName(_ type: Any.Type) -> String {
        let id = ObjectIdentifier(type)
        if let known = typeNames[id] { return known }
        let name = String(describing: type)
        typeNames[id] = name
        return name
    }

    /// A decodable model type of the schema, nil when the schema cannot decode it.
    func named(_ type: TypeRef) -> NamedType? {
        if let known = namedTypes[type] { return known }
        guard let schema = schema.typeSchema(for: type), let decoding = schema.decoding else { return nil }
        let named = NamedType(schema: schema, decoding: decoding)
        namedTypes[type] = named
        return named
    }

    /// Records where an error arose, unless a deeper call already did.
    func noteOrigin(_ origin: Origin) {
        if self.origin == nil { self.origin = origin }
    }
}
