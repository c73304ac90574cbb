import DecodingEngine
import Foundation

/// Runs before anything is timed, in a child of its own: makes sure that the engine and
/// the compiled model give the same verdicts on the benchmark's payloads, so that the
/// figures compare the same work.
///
/// On the valid payload both decode, with the same record count and the same `id`,
/// `title`, `createdAt` and `charge.amount` in every record. On each faulty payload
/// `JSONDecoder` throws, first-error mode reports exactly that error (case, coding path,
/// debugDescription), and all-errors mode reports one error per record, in record order,
/// each of the same kind and text, on a node of the payload.
struct EngineCheck {
    static let tag = "ce-bench-engine-check"

    var validPath: String
    var faultyPaths: [String]

    func run() throws -> ReportLine {
        let clock = ContinuousClock()
        let start = clock.now
        let (engine, type) = try EngineContestant.makeEngine()
        let schemaSeconds = (clock.now - start).seconds

        let valid = try FileBytes.read(validPath)
        let page = try Contestant.withData(valid) { try IssuePage.decoder().decode(IssuePage.self, from: $0) }
        for allErrors in [false, true] {
            let report = engine.decode(type, payload: valid, options: EngineContestant.options(allErrors: allErrors))
            guard report.ok, let value = report.value else {
                throw mismatch(
                    validPath, "the engine did not decode the valid payload: \(report.errors.first.map(Self.text) ?? "\(report)")")
            }
            try compare(value, with: page)
        }

        for path in faultyPaths {
            let bytes = try FileBytes.read(path)
            let thrown: DecodingError
            do {
                _ = try Contestant.withData(bytes) { try IssuePage.decoder().decode(IssuePage.self, from: $0) }
                throw mismatch(path, "JSONDecoder decoded a payload meant to fail")
            } catch let error as DecodingError {
                thrown = error
            }
            let first = engine.decode(type, payload: bytes, options: EngineContestant.options(allErrors: false))
            guard first.errors.count == 1, Self.text(first.errors[0]) == Self.text(thrown) else {
                throw mismatch(path, "first-error mode reports \(first.errors.map(Self.text)), JSONDecoder threw \(Self.text(thrown))")
            }
            let all = engine.decode(type, payload: bytes, options: EngineContestant.options(allErrors: true))
            guard all.errors.count == page.data.count else {
                throw mismatch(path, "all-errors mode reports \(all.errors.count) errors for \(page.data.count) failing records")
            }
            for (index, error) in all.errors.enumerated() {
                let expected = Self.text(first.errors[0]).replacingOccurrences(of: "data.Index 0", with: "data.Index \(index)")
                guard Self.text(error) == expected, error.node != nil else {
                    throw mismatch(path, "all-errors mode's error \(index) is \(Self.text(error)), located: \(error.node != nil)")
                }
            }
        }
        return ReportLine(
            tag: Self.tag,
            fields: [
                ("schema_s", "\(schemaSeconds)"),
                ("records", "\(page.data.count)"),
            ])
    }

    /// Compares the fields that every record has, record by record.
    private func compare(_ value: DecodedValue, with page: IssuePage) throws {
        guard case .array(let records)? = value.field("data"), records.count == page.data.count else {
            throw mismatch(validPath, "the engine's value has no data array of \(page.data.count) records")
        }
        for (record, issue) in zip(records, page.data) {
            let same =
                record.field("id") == .signed(Int64(issue.id))
                && record.field("title") == .string(issue.title)
                && record.field("createdAt") == .date(issue.createdAt)
                && record.field("charge")?.field("amount") == .signed(Int64(issue.charge.amount))
            guard same else { throw mismatch(validPath, "record \(issue.number) differs: \(record)") }
        }
    }

    private func mismatch(_ path: String, _ message: String) -> BenchError {
        .engineMismatch("\(path): \(message)")
    }

    /// Case, coding path (stringValues) and debugDescription: what the two must agree on.
    static func text(_ error: LocatedDecodingError) -> String {
        let path = error.codingPath.map { component -> String in
            switch component {
            case .key(let key): key
            case .index(let index): "Index \(index)"
            }
        }
        return "\(error.kind.rawValue) at \(path.joined(separator: ".")): \(error.debugDescription)"
    }

    static func text(_ error: DecodingError) -> String {
        let (kind, context): (String, DecodingError.Context) =
            switch error {
            case .keyNotFound(_, let c): ("keyNotFound", c)
            case .typeMismatch(_, let c): ("typeMismatch", c)
            case .valueNotFound(_, let c): ("valueNotFound", c)
            case .dataCorrupted(let c): ("dataCorrupted", c)
            @unknown default: ("unknown", .init(codingPath: [], debugDescription: "\(error)"))
            }
        return "\(kind) at \(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
    }
}

private extension DecodedValue {
    /// A stored property of a decoded struct, by Swift name.
    func field(_ name: String) -> DecodedValue? {
        guard case .object(_, let fields) = self else { return nil }
        return fields.first { $0.name == name }?.value
    }
}
