import DecodingEngine
import Foundation
import JSONTree
import ModelSchema

/// Finds the verified fixes for errors of one decode.
///
/// Every candidate of the catalogue is checked against the baseline, the same decode with
/// every independent error reported: a fix must remove its error and bring no new one. Fixes
/// are ordered by the ranking rule (``Fix/ranksBefore(_:)``: what they cost, then the errors
/// they leave), then by the catalogue's preference (a CodingKeys entry or a strategy before a
/// wrapper, a wrapper before changing a property's type).
public struct FixFinder: Sendable {
    let context: TeachingContext
    let typed: NodeTypes
    /// The decode with every error reported, that fixes are measured against.
    public let baseline: DecodeReport

    public init(context: TeachingContext) {
        self.init(context: context, typed: context.nodeTypes, baseline: context.baseline())
    }

    init(context: TeachingContext, typed: NodeTypes, baseline: DecodeReport) {
        self.context = context
        self.typed = typed
        self.baseline = baseline
    }

    /// The verified fixes for one error of this decode, best first.
    public func fixes(for error: LocatedDecodingError, limit: Int = 4) -> [Fix] {
        guard error.node != nil else { return [] }
        let catalogue = FixCatalogue(context: context, typed: typed, baseline: baseline)
        let verifier = FixVerifier(context: context, baseline: baseline)
        var found: [Fix] = []
        for fix in verified(catalogue.candidates(for: error), for: error, by: verifier) {
            guard let fix, !found.contains(where: { $0.sameChange(as: fix) }) else { continue }
            found.append(fix)
        }
        return Array(Fix.ranked(found).prefix(limit))
    }

    /// Each candidate verified (nil: ruled out), in the candidates' order. The verification
    /// decodes are independent (each its own `JSONDecoder` over the same bytes), so they run
    /// side by side, one per core, when the payload is small enough that a decode per core
    /// does not multiply a large peak memory (``parallelPayloadLimit``).
    private func verified(_ candidates: [FixCandidate], for error: LocatedDecodingError, by verifier: FixVerifier) -> [Fix?] {
        let lanes = min(candidates.count, ProcessInfo.processInfo.activeProcessorCount)
        guard lanes > 1, context.payload.count <= Self.parallelPayloadLimit else {
            return candidates.map { verifier.verify($0, for: error) }
        }
        let results = VerifiedFixes(count: candidates.count)
        DispatchQueue.concurrentPerform(iterations: candidates.count) { i in
            results.set(i, verifier.verify(candidates[i], for: error))
        }
        return results.all
    }

    /// The largest payload whose candidates are verified side by side: above it, the decodes
    /// of one error's candidates run one after another (each holds Foundation's map of the
    /// whole payload and its value while it runs).
    static let parallelPayloadLimit = 64 << 20

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

/// The results of candidates verified side by side, each written once by its own lane.
private final class VerifiedFixes: @unchecked Sendable {
    private let lock = NSLock()
    private var fixes: [Fix?]

    init(count: Int) { fixes = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ fix: Fix?) { lock.withLock { fixes[index] = fix } }

    var all: [Fix?] { lock.withLock { fixes } }
}
