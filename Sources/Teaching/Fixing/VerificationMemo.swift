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

    /// Guards everything below; waited on while another thread decodes a key this one wants.
    private let lock = NSCondition()
    private var reports: [Key: DecodeReport?] = [:]
    /// The keys being decoded now (candidates are verified side by side: ``FixFinder``).
    private var decoding: Set<Key> = []
    private var count = 0
    /// Per verified fix, the baseline errors it removes, when its verification decoded the
    /// whole decode again (or counted value by value): another error of the same group keeps
    /// the fix if it is among them, without verifying again.
    private var removed: [Fix: Set<ErrorIdentity>] = [:]

    /// The all-errors decode of the unedited model, once made.
    private var baselineReport: DecodeReport?

    /// The baseline, decoding it with `make` the first time.
    func baseline(_ make: () -> DecodeReport) -> DecodeReport {
        if let known = lock.withLock({ baselineReport }) { return known }
        let made = make()
        lock.withLock { baselineReport = made }
        return made
    }

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

    /// The report for this key, decoding it with `make` the first time (a thread that wants a
    /// key another is decoding waits for that decode instead of making it again).
    func report(for key: Key, _ make: () -> DecodeReport?) -> DecodeReport? {
        lock.lock()
        while decoding.contains(key) { lock.wait() }
        if let known = reports[key] {
            lock.unlock()
            return known
        }
        decoding.insert(key)
        lock.unlock()
        let made = make()
        lock.withLock {
            reports[key] = .some(made)
            decoding.remove(key)
            count += 1
            lock.broadcast()
        }
        return made
    }
}
