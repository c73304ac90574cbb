import DecodingEngine
import JSONTree
import ModelSchema

/// Finds the verified fixes for errors of one decode.
///
/// Every candidate of the catalogue is checked against the baseline, the same decode with
/// every independent error reported: a fix must remove its error and bring no new one. Fixes
/// are ordered by the errors they leave, then by the catalogue's preference (a CodingKeys
/// entry or a strategy before a wrapper, a wrapper before changing a property's type).
public struct FixFinder: Sendable {
    let context: TeachingContext
    let typed: TypedNodes
    /// The decode with every error reported, that fixes are measured against.
    public let baseline: DecodeReport

    public init(context: TeachingContext) {
        self.init(context: context, typed: TypedNodes(context: context), baseline: context.baseline())
    }

    init(context: TeachingContext, typed: TypedNodes, baseline: DecodeReport) {
        self.context = context
        self.typed = typed
        self.baseline = baseline
    }

    /// The verified fixes for one error of this decode, best first.
    public func fixes(for error: LocatedDecodingError, limit: Int = 4) -> [Fix] {
        guard error.node != nil else { return [] }
        let catalogue = FixCatalogue(context: context, typed: typed, baseline: baseline)
        let verifier = FixVerifier(context: context, baseline: baseline)
        var found: [(fix: Fix, rank: Int)] = []
        for (rank, candidate) in catalogue.candidates(for: error).enumerated() {
            guard let fix = verifier.verify(candidate, for: error), !found.contains(where: { $0.fix.sameChange(as: fix) }) else { continue }
            found.append((fix, rank))
        }
        return found.sorted { ($0.fix.verdict.remaining, $0.rank) < ($1.fix.verdict.remaining, $1.rank) }.prefix(limit).map(\.fix)
    }

    /// The fixes for an error of the same group as one whose fixes are known: those that the
    /// verification already made shows remove this error too, without verifying again. Nil
    /// when a fix's verification cannot say (it decoded another node): then find them anew.
    func fixes(for error: LocatedDecodingError, likeOneWith known: [Fix]) -> [Fix]? {
        var kept: [Fix] = []
        for fix in known {
            guard let removes = context.verifications.removes(fix, error) else { return nil }
            if removes { kept.append(fix) }
        }
        return kept
    }
}
