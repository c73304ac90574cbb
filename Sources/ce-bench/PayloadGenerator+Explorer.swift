/// The explorer benchmark's payload: the scanner benchmark's list response, plus one
/// top-level array of 1,000,000 numbers as its last member, so that `G` in the explorer
/// lands right after the array's last element once it is unfolded.
///
/// ```
/// {
///   "object": "list",
///   …
///   "data": [ { "id": 1000000007, … }, … ],
///   "has_more": true,
///   "next_cursor": "cur_…",
///   "total_count": 28012,
///   "latencies_ms": [
///     12.345,
///     …                      (1,000,000 elements)
///   ]
/// }
/// ```
///
/// The records fill what the array leaves of `targetBytes`, so the whole file is within a
/// record (about 3 KB) of it; the array itself is about 12 MB.
extension PayloadGenerator {
    static let explorerSeriesKey: StaticString = "latencies_ms"
    static let explorerSeriesCount = 1_000_000
    /// Bytes one element takes on average: four spaces, `dd.ddd` (5.9 on average), `,\n`.
    private static let explorerElementBytes = 12

    mutating func generateExplorerPayload(targetBytes: Int) -> Payload {
        let seriesBytes = Self.explorerSeriesCount * Self.explorerElementBytes
        let recordBytes = max(0, targetBytes - seriesBytes - 300)
        writer.beginObject()
        writer.key("object")
        writer.string("list")
        writer.key("url")
        writer.string("/repos/codable-explorer/bench/issues")
        writer.key("data")
        writer.beginArray()
        var recordCount = 0
        repeat {
            recordCount += 1
            writeIssue(number: recordCount)
        } while writer.count < recordBytes
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
        writer.key(Self.explorerSeriesKey)
        writer.beginArray()
        for _ in 0..<Self.explorerSeriesCount {
            writer.fixed(rng.below(100_000), scale: 3)
        }
        writer.endArray()
        writer.endObject()
        return Payload(bytes: writer.bytes, recordCount: recordCount)
    }
}
