import Foundation
import JSONTree

/// One way of reading the payload, measured in its own child process (the scanner benchmark).
enum Contestant: String, CaseIterable, MeasuredContestant {
    /// Reads the file and parses nothing: the memory every other contestant starts from.
    case baseline = "read"
    case scan
    /// The scan on one thread, as before the scan in parts (the same tree).
    case scanSerial = "scan-serial"
    case jsonSerialization = "jsonserialization"
    case jsonDecoder = "jsondecoder"

    var title: String {
        switch self {
        case .baseline: "read file only (baseline)"
        case .scan: "JSONTree.parse"
        case .scanSerial: "JSONTree.parse on one thread"
        case .jsonSerialization: "JSONSerialization.jsonObject"
        case .jsonDecoder: "JSONDecoder -> IssuePage"
        }
    }

    /// Runs per contestant, a process each; the report shows the median time. A scan of
    /// 100 MB lasts a fraction of a second, so one busy moment on a shared machine moves it
    /// by a third: it gets five runs. Foundation's parsers take seconds per run, which
    /// averages such moments out, and get three.
    var repetitions: Int {
        switch self {
        case .baseline, .scan, .scanSerial: 5
        case .jsonSerialization, .jsonDecoder: 3
        }
    }

    /// What a contestant built, kept alive until its peak memory has been read, so that
    /// neither the timing nor the peak misses it.
    struct Outcome {
        /// Nodes for the scanner, records for Foundation: shows the work was done.
        var count: Int
        var retained: Any?
    }

    func prepare() throws -> ([UInt8]) throws -> Outcome { parse }

    func parse(_ bytes: [UInt8]) throws -> Outcome {
        do {
            switch self {
            case .baseline:
                return Outcome(count: bytes.count, retained: nil)
            case .scan:
                let tree = try JSONTree.parse(bytes, options: JSONTree.Options())
                return Outcome(count: tree.nodeCount, retained: tree)
            case .scanSerial:
                let tree = try JSONTree.parse(bytes, options: JSONTree.Options(scansInParts: false))
                return Outcome(count: tree.nodeCount, retained: tree)
            case .jsonSerialization:
                return try Self.withData(bytes) { data in
                    let object = try JSONSerialization.jsonObject(with: data)
                    let records = ((object as? [String: Any])?["data"] as? [Any])?.count ?? -1
                    return Outcome(count: records, retained: object)
                }
            case .jsonDecoder:
                return try Self.withData(bytes) { data in
                    let page = try IssuePage.decoder().decode(IssuePage.self, from: data)
                    return Outcome(count: page.data.count, retained: page)
                }
            }
        } catch {
            throw BenchError.parseFailed(contestant: title, underlying: error)
        }
    }

    /// Lends the bytes to Foundation as `Data` without copying them, so all contestants
    /// start from the same single copy of the file.
    static func withData<R>(_ bytes: [UInt8], _ body: (Data) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes { buffer in
            let data = Data(
                bytesNoCopy: UnsafeMutableRawPointer(mutating: buffer.baseAddress!),
                count: buffer.count,
                deallocator: .none
            )
            return try body(data)
        }
    }
}
