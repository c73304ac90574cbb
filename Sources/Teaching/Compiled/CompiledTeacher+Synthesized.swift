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
    func synthesizedFixes(for error: LocatedDecodingError, in report: DecodeReport) -> [Fix] {
        guard let context, error.node != nil else { return [] }
        let typed = TypedNodes(context: context)
        let catalogue = FixCatalogue(context: context, typed: typed, baseline: report)
        let verifier = CompiledFixVerifier(schema: schema, request: request, tree: tree, node: node, target: error)
        var fixes: [Fix] = []
        for candidate in catalogue.candidates(for: error).prefix(Self.synthesizedCandidateLimit)
        where candidate.options == nil && candidate.decoderSetting == nil && candidate.decodeCall == nil {
            if case .redecode(let type, let node) = candidate.check, type != nil || node != nil { continue }
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
