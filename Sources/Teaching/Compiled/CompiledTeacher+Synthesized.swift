import DecodingEngine
import JSONTree
import ModelSchema

/// Compiled mode's fixes for an error no hand-written `init(from:)` threw (a synthesized type,
/// decoded in compiled mode because the app's decoder, `--decoder`, or another construct needs
/// it): schema mode's catalogue proposes the edits of the model (an optional, a type, a
/// CodingKeys entry, a wrapper), and each is verified the compiled way, by compiling the edited
/// files and decoding again with the same decoder (``CompiledFixVerifier``), never by the schema
/// engine, which does not know what the app's decoder does.
///
/// Candidates that change the decoder's strategies or the decode call are left out: with
/// `--decoder` the strategies are the app's code (``strategyFix(_:for:title:detail:kind:)``).
/// The catalogue measures against the compiled decode's own report (its errors are Foundation's).
extension CompiledTeacher {
    func synthesizedFixes(for thrown: LocatedDecodingError, thrower: Thrower?, in report: DecodeReport) -> [Fix] {
        guard let context, thrown.node != nil else { return [] }
        // The runner reports Foundation's error without the schema engine's reason; the call that
        // threw says it: a raw-value enum asked for and dataCorrupted is a raw value it lacks.
        var error = thrown
        if error.reason == nil, error.kind == .dataCorrupted, let typeName = thrower?.entry.site?.type,
            let type = schema.types.values.first(where: { $0.name == typeName || $0.qualifiedName == typeName }),
            case .rawValue? = type.decoding
        {
            error.reason = .invalidRawValue
        }
        let typed = context.nodeTypes
        let catalogue = FixCatalogue(context: context, typed: typed, baseline: report)
        let verifier = CompiledFixVerifier(schema: schema, request: request, tree: tree, node: node, target: error)
        var fixes: [Fix] = []
        // Only edits of the model: strategies and decode calls are the app's decoder's to set.
        let edits = catalogue.candidates(for: error).filter { candidate in
            guard candidate.options == nil, candidate.decoderSetting == nil, candidate.decodeCall == nil else { return false }
            if case .redecode(let type, let node) = candidate.check, type != nil || node != nil { return false }
            return true
        }
        for candidate in edits.prefix(Self.synthesizedCandidateLimit) {
            let changes = CompiledFixCandidates.changes(candidate.edits, sources: schema.sources)
            guard !changes.isEmpty, !fixes.contains(where: { $0.changes == changes }), let verdict = verifier.verify(changes) else {
                continue
            }
            fixes.append(
                Fix(
                    kind: candidate.kind, title: candidate.title, detail: candidate.detail, changes: changes, verdict: verdict,
                    cost: candidate.cost([error])))
        }
        return fixes
    }

    /// Each candidate is a swiftc build: a handful is what a user waits for.
    static let synthesizedCandidateLimit = 6
}
