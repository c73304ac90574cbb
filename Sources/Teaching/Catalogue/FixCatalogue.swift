import DecodingEngine
import JSONTree
import ModelSchema

/// The catalogue of fixes: for one error, every candidate change that might remove it.
///
/// Each entry looks at the error, the node it is about and the model property behind it, and
/// proposes edits to the model's source text (and possibly a decoder setting, or another type
/// or node to decode). Nothing here decides whether a candidate works: ``FixVerifier`` does.
struct FixCatalogue {
    let context: TeachingContext
    let typed: NodeTypes
    let baseline: DecodeReport
    let explainer: Explainer

    init(context: TeachingContext, typed: NodeTypes, baseline: DecodeReport) {
        self.context = context
        self.typed = typed
        self.baseline = baseline
        explainer = Explainer(context: context, typed: typed)
    }

    var tree: JSONTree { context.tree }
    var schema: Schema { context.schema }

    /// Candidates in the order they are preferred when they leave as many errors: a key
    /// mapping or a strategy first, then optionals and wrappers, a changed type last.
    func candidates(for error: LocatedDecodingError) -> [FixCandidate] {
        var result: [FixCandidate] = []
        result += codingKeyCandidates(error)
        result += snakeCaseCandidates(error)
        result += dateStrategyCandidates(error)
        result += optionalCandidates(error)
        result += losslessCandidates(error)
        result += emptyAsNilCandidates(error)
        result += unknownCaseCandidates(error)
        result += typeFieldCandidates(error)
        result += typeChangeCandidates(error)
        result += lossyArrayCandidates(error)
        result += keyPathCandidates(error)
        result += genericArgumentCandidates(error)
        return result
    }

    /// The node the error is really about (the number that did not fit, not the root).
    func subject(of error: LocatedDecodingError) -> NodeID? { error.realCause?.node ?? error.node }

    /// The property whose value holds the error's node, with the steps from its type to the node.
    func holder(of error: LocatedDecodingError) -> (property: PropertySchema, steps: [NodeTypes.Step])? {
        if let node = subject(of: error), let entry = typed[node], let p = entry.property { return (p, entry.steps) }
        if let p = error.property, error.kind != .keyNotFound { return (p, []) }
        return nil
    }

    /// The schema of the type that declares a property.
    func owner(of property: PropertySchema) -> TypeSchema? {
        schema.types.values.first { $0.properties.contains(property) }
    }
}
