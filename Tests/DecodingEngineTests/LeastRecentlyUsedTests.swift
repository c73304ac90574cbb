import Testing

@testable import DecodingEngine

/// The cache's cleanup rule (``LeastRecentlyUsed``) on its own, without files: the runners'
/// and the incremental folders' prunes each follow it.
@Suite struct LeastRecentlyUsedTests {
    let now = 10_000.0

    /// Entries named by how many seconds ago they were used.
    func entries(usedSecondsAgo ages: [Double]) -> [(entry: String, used: Double)] {
        ages.map { ("\(Int($0))", now - $0) }
    }

    @Test("beyond the kept number, the least recently used go, the most recently used of them first")
    func theLeastRecentlyUsedGo() {
        let rule = LeastRecentlyUsed(kept: 2, minimumAge: 600)
        let removed = rule.removed(from: entries(usedSecondsAgo: [900, 5000, 700, 3000, 800]), now: now)
        #expect(removed == ["900", "3000", "5000"])
    }

    @Test("an entry used within the minimum age stays, however many there are")
    func oneUsedLatelyStays() {
        let rule = LeastRecentlyUsed(kept: 1, minimumAge: 600)
        let removed = rule.removed(from: entries(usedSecondsAgo: [10, 600, 599, 601, 2000]), now: now)
        #expect(removed == ["601", "2000"])
    }

    @Test("no more entries than kept: none goes, however old")
    func withinTheBoundNoneGoes() {
        let rule = LeastRecentlyUsed(kept: 3, minimumAge: 600)
        #expect(rule.removed(from: entries(usedSecondsAgo: [5000, 6000, 7000]), now: now).isEmpty)
        #expect(rule.removed(from: entries(usedSecondsAgo: []), now: now).isEmpty)
    }

    @Test("keeping none (or fewer than none) removes every entry old enough")
    func keepingNone() {
        for kept in [0, -1] {
            let rule = LeastRecentlyUsed(kept: kept, minimumAge: 600)
            #expect(rule.removed(from: entries(usedSecondsAgo: [100, 700, 800]), now: now) == ["700", "800"])
        }
    }
}
