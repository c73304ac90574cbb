import DecodingEngine
import Foundation
import JSONTree
import ModelSchema

/// The verification decodes of one teaching run, by edit: the same edited model, strategies,
/// type and node decode the same payload to the same report, so each is decoded once however
/// many errors offer that fix (the 24 errors of one missing key in 24 records, one date
/// strategy for every date).
final class VerificationMemo: @unchecked Sendable {
    struct Key: Hashable {
        var changes: [FileChange]
        var options: DecodeOptions?
        var type: TypeRef?
        var node: NodeID?
        /// The decode stopped at its first error (a probe ahead of the all-errors decode).
        var firstErrorOnly = false
    }

    private let lock = NSLock()
    private var reports: [Key: DecodeReport?] = [:]
    private var count = 0
    /// Per verified fix, the baseline errors it removes, when its verification decoded the
    /// whole decode again (or counted value by value): another error of the same group keeps
    /// the fix if it is among them, without verifying again.
    private var removed: [Fix: Set<ErrorIdentity>] = [:]

    /// The identities of the baseline's errors, made once per run (a teaching run has one baseline).
    private var baselineIdentities: (count: Int, set: Set<ErrorIdentity>)?

    func identities(of baseline: DecodeReport) -> Set<ErrorIdentity> {
        if let known = lock.withLock({ baselineIdentities }), known.count == baseline.errors.count { return known.set }
        let set = Set(baseline.errors.map(ErrorIdentity.init))
        lock.withLock { baselineIdentities = (baseline.errors.count, set) }
        return set
    }

    func note(_ fix: Fix, removes errors: Set<ErrorIdentity>) {
        lock.withLock { removed[fix] = errors }
    }

    /// Whether the fix removes this error too; nil when its verification cannot say.
    func removes(_ fix: Fix, _ error: LocatedDecodingError) -> Bool? {
        lock.withLock { removed[fix] }.map { $0.contains(ErrorIdentity(error)) }
    }

    /// How many verification decodes were made (not answered from the memo).
    var decodes: Int { lock.withLock { count } }

    /// The report for this key, decoding it with `make` the first time.
    func report(for key: Key, _ make: () -> DecodeReport?) -> DecodeReport? {
        if let known = lock.withLock({ reports[key] }) { return known }
        let made = make()
        lock.withLock {
            reports[key] = .some(made)
            count += 1
        }
        return made
    }
}
