/// What the strings at one position have in common: their distinct values while there are
/// few (for `--enums`), and whether every one could be a date.
struct StringSamples {
    /// More distinct values than this and the strings are not a closed set.
    static let distinctLimit = 10

    var count = 0
    /// The distinct values, while there are at most ``distinctLimit``.
    var distinct: Set<String> = []
    var tooManyDistinct = false
    /// Every string so far has the look of a date (cheap lexical test; parsing comes later).
    var allDateLike = true
    /// The distinct strings, kept while ``allDateLike`` holds, for the date detector to parse.
    var dateCandidates: Set<String> = []

    mutating func add(_ value: String, tracksDistinct: Bool) {
        count += 1
        if tracksDistinct && !tooManyDistinct {
            distinct.insert(value)
            if distinct.count > Self.distinctLimit {
                tooManyDistinct = true
                distinct = []
            }
        }
        if allDateLike {
            if DatePattern.looksLikeDate(value) {
                dateCandidates.insert(value)
            } else {
                allDateLike = false
                dateCandidates = []
            }
        }
    }

    mutating func merge(_ other: StringSamples) {
        count += other.count
        tooManyDistinct = tooManyDistinct || other.tooManyDistinct
        if !tooManyDistinct {
            distinct.formUnion(other.distinct)
            if distinct.count > Self.distinctLimit { tooManyDistinct = true }
        }
        if tooManyDistinct { distinct = [] }
        allDateLike = allDateLike && other.allDateLike
        dateCandidates = allDateLike ? dateCandidates.union(other.dateCandidates) : []
    }
}
