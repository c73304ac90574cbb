import DecodingEngine
import JSONTree
import ModelSchema

/// One decode as the user asked for it: the payload, the model, the type, the node and the
/// strategies. Explanations and fixes are pure functions of this and a report.
public struct TeachingContext: Sendable {
    public let schema: Schema
    public let payload: [UInt8]
    public let tree: JSONTree
    /// The type decoded, and the node it is decoded at (the root unless a key path was given).
    public let rootType: TypeRef
    public let rootNode: NodeID
    /// The strategies as the user set them (`allErrors`, `tracesCalls` and `recordsNodeTypes` are ignored).
    public let options: DecodeOptions
    /// The type expression as the user wrote it (`[Movie]`), for the code a fix shows.
    public let typeExpression: String
    /// The verification decodes made so far, by edit (shared by every copy of this context).
    let verifications = VerificationMemo()

    public init(
        schema: Schema, payload: [UInt8], tree: JSONTree, rootType: TypeRef, rootNode: NodeID,
        options: DecodeOptions, typeExpression: String? = nil
    ) {
        self.schema = schema
        self.payload = payload
        self.tree = tree
        self.rootType = rootType
        self.rootNode = rootNode
        self.options = options
        self.typeExpression = typeExpression ?? rootType.swiftSpelling
    }

    /// How many verification decodes teaching has made with this context (each distinct edit
    /// once).
    public var verificationCount: Int { verifications.decodes }

    /// The engine for this model.
    var engine: DecodingEngine { DecodingEngine(schema: schema) }

    /// The options for a verification decode: every independent error, no trace.
    var verificationOptions: DecodeOptions {
        var o = options
        o.allErrors = true
        o.tracesCalls = false
        return o
    }

    /// Decodes `type` at `node` with every error reported: the baseline fixes are measured
    /// against, with what the engine read at each node. Decoded once per context (and its copies).
    func baseline() -> DecodeReport {
        verifications.baseline {
            var options = verificationOptions
            options.recordsNodeTypes = true
            return engine.decode(rootType, payload: payload, tree: tree, at: rootNode, options: options)
        }
    }

    /// What the engine read at each node, decoding with every error reported: the one answer
    /// Teaching asks for the type and property at a node (nodes after a first error included).
    var nodeTypes: NodeTypes { baseline().nodeTypes }
}
