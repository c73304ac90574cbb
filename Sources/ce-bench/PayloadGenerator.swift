/// Generates the benchmark payload: a GitHub/Stripe-style list response, pretty-printed
/// with a two-space indent, deterministic for a seed.
///
/// ```
/// {
///   "object": "list",
///   "url": "/repos/codable-explorer/bench/issues",
///   "data": [
///     { "id": 1000000007, "node_id": "I_kwDO…", "title": "naïve \"quoted\" …",
///       "user": { … }, "labels": [ … ], "created_at": "2021-03-04T05:06:07Z",
///       "body": "…\n\n```swift\n…", "charge": { "amount": 1099, … }, … },
///     …
///   ],
///   "has_more": true,
///   "next_cursor": "cur_…",
///   "total_count": 41234
/// }
/// ```
///
/// Records are appended until the target size is reached, so the file is within one
/// record (about 3 KB) of `targetBytes`, or exactly `recordCount` are written when it is
/// given. A `fault` breaks every record the same way and leaves everything else (and the
/// random sequence) as it was, so the faulty payload is the valid one with one edit per
/// record. Everything is written straight into one byte buffer; no `String` is built per value.
struct PayloadGenerator {
    struct Payload {
        var bytes: [UInt8]
        var recordCount: Int
    }

    var rng: SeededGenerator
    var writer: PrettyJSONWriter
    let fault: PayloadFault
    private let targetBytes: Int
    private let recordLimit: Int?

    init(seed: UInt64, targetBytes: Int, fault: PayloadFault = .none, recordCount: Int? = nil) {
        rng = SeededGenerator(seed: seed)
        writer = PrettyJSONWriter(reservingCapacity: targetBytes + 64 * 1024)
        self.targetBytes = targetBytes
        self.fault = fault
        recordLimit = recordCount
    }

    consuming func generate() -> Payload {
        writer.beginObject()
        writer.key("object")
        writer.string("list")
        writer.key("url")
        writer.string("/repos/codable-explorer/bench/issues")
        writer.key("data")
        writer.beginArray()
        var recordCount = 0
        let trailerAllowance = 200
        repeat {
            recordCount += 1
            writeIssue(number: recordCount)
        } while recordLimit.map { recordCount < $0 } ?? (writer.count < targetBytes - trailerAllowance)
        writer.endArray()
        writer.key("has_more")
        writer.bool(true)
        writer.key("next_cursor")
        writer.beginString()
        writer.raw("cur_")
        writeRandomID(length: 24)
        writer.endString()
        writer.key("total_count")
        writer.int(recordCount)
        writer.endObject()
        return Payload(bytes: writer.bytes, recordCount: recordCount)
    }

    // MARK: Shared pieces for the record writers

    /// Unix time of 2019-01-01T00:00:00Z; record dates fall in the five years after it.
    static let epochStart = 1_546_300_800
    static let fiveYears = 157_766_400

    /// Base62 characters inside an open string.
    mutating func writeRandomID(length: Int) {
        for _ in 0..<length {
            writer.raw(byte: PayloadVocabulary.base62[rng.below(PayloadVocabulary.base62.count)])
        }
    }

    /// An ISO 8601 date-time in UTC, with milliseconds when `millis` is given.
    mutating func writeDate(_ unixSeconds: Int, millis: Int? = nil) {
        let (year, month, day) = Self.civilDate(daysSince1970: unixSeconds / 86_400)
        let secondOfDay = unixSeconds % 86_400
        writer.beginString()
        writer.raw(decimal: year, minimumDigits: 4)
        writer.raw(byte: UInt8(ascii: "-"))
        writer.raw(decimal: month, minimumDigits: 2)
        writer.raw(byte: UInt8(ascii: "-"))
        writer.raw(decimal: day, minimumDigits: 2)
        writer.raw(byte: UInt8(ascii: "T"))
        writer.raw(decimal: secondOfDay / 3600, minimumDigits: 2)
        writer.raw(byte: UInt8(ascii: ":"))
        writer.raw(decimal: secondOfDay / 60 % 60, minimumDigits: 2)
        writer.raw(byte: UInt8(ascii: ":"))
        writer.raw(decimal: secondOfDay % 60, minimumDigits: 2)
        if let millis {
            writer.raw(byte: UInt8(ascii: "."))
            writer.raw(decimal: millis, minimumDigits: 3)
        }
        writer.raw(byte: UInt8(ascii: "Z"))
        writer.endString()
    }

    /// Year, month and day of a day count since 1970-01-01 (Howard Hinnant's
    /// days-to-civil algorithm).
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Between `minWords` and `maxWords` words separated by spaces inside an open string,
    /// with an occasional raw-unicode word or escape fragment mixed in.
    mutating func writeSentence(minWords: Int, maxWords: Int) {
        let count = rng.inRange(minWords...maxWords)
        for index in 0..<count {
            if index > 0 { writer.raw(byte: UInt8(ascii: " ")) }
            let roll = rng.below(100)
            if roll < 8 {
                writer.raw(rng.pick(PayloadVocabulary.unicodeWords))
            } else if roll < 13 {
                writer.raw(rng.pick(PayloadVocabulary.escapedFragments))
            } else {
                writer.raw(rng.pick(PayloadVocabulary.words))
            }
        }
    }
}
