import DecodingEngine
import JSONTree
import ModelSchema

extension FixCatalogue {
    /// The type fails at the node itself and the data sits further in, under wrapper keys:
    /// decode at the node where it does (the walk there with nested containers).
    func keyPathCandidates(_ error: LocatedDecodingError) -> [FixCandidate] {
        guard error.node == context.rootNode else { return [] }
        switch error.kind {
        case .typeMismatch: break
        case .keyNotFound:
            let required =
                context.schema.typeSchema(for: context.rootType).map { s -> Int in
                    if case .keyed(let ps)? = s.decoding { return ps.filter { !$0.usesDecodeIfPresent }.count }
                    return 0
                } ?? 0
            let missing = baseline.missingKeys[context.rootNode]?.count ?? 1
            guard required > 0, missing * 2 >= required else { return [] }
        default: return []
        }
        let wantsArray: Bool
        switch context.rootType {
        case .array, .set: wantsArray = true
        case .named, .dictionary: wantsArray = false
        default: return []
        }
        let engine = context.engine
        var best: (node: NodeID, errors: Int)?
        var queue: [(NodeID, Int)] = tree.children(context.rootNode).map { ($0, 1) }
        var tried = 0
        while !queue.isEmpty, tried < 40, best?.errors != 0 {
            let (node, depth) = queue.removeFirst()
            if depth < 3 { queue += tree.children(node).filter { tree.kind($0).isContainer }.map { ($0, depth + 1) } }
            guard tree.kind(node) == (wantsArray ? .array : .object) else { continue }
            tried += 1
            let report = engine.decode(
                context.rootType, payload: context.payload, tree: tree, at: node, options: context.verificationOptions)
            guard report.failure == nil, !report.errors.contains(where: { $0.node == node }) else { continue }
            if best == nil || report.errors.count < best!.errors { best = (node, report.errors.count) }
        }
        guard let best else { return [] }
        var path = NodePath(of: best.node, in: tree)
        let display = path.description
        if context.options.keys == .convertFromSnakeCase {
            path = NodePath(path.components.map { if case .key(let k) = $0 { .key(SnakeCase.convert(k)) } else { $0 } })
        }
        return [
            FixCandidate(
                kind: .decodeAtPath, title: "Decode `\(TerminalSafeText.escape(context.typeExpression))` at `\(display)`",
                detail:
                    "The data sits under wrapper keys; walk there with nested containers (in an init(from:) of a wrapper type) instead of modelling every level, or pass --path \(display) to check.",
                decodeCall: DecodeCall(swift: path.swiftCode(decoding: context.typeExpression), path: display),
                check: .redecode(node: best.node))
        ]
    }
}
