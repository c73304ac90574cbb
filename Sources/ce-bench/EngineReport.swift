import Foundation

/// The engine benchmark's table and its verdict on the issue's targets.
///
/// Every ratio names its baseline. "× compiled, valid" divides by `JSONDecoder` decoding the
/// compiled model from the valid payload. "× compiled, same payload" divides by
/// `JSONDecoder` on the row's own payload: on a faulty payload it throws at the first
/// record, so it has still scanned the whole document but decoded one record.
struct EngineReport {
    struct Row {
        var entry: EngineBenchmarkRun.Entry
        var runs: [ChildMeasurement]

        var median: Double { EngineReport.median(runs.map(\.parseSeconds)) }
        var best: Double { runs.map(\.parseSeconds).min() ?? .nan }
        /// Errors reported; the same in every run of a row, or the row says so.
        var errors: String {
            let counts = Set(runs.map(\.count))
            return counts.count == 1 ? "\(counts.first!)" : counts.sorted().map(String.init).joined(separator: "/")
        }
    }

    /// Targets from issue 3, section 6.
    static let firstErrorTarget = 1.5
    static let allErrorsTarget = 3.0

    var fileBytes: [PayloadFault: Int]
    var records: Int
    var rows: [Row]

    var rendered: String {
        var table: [[String]] = [[
            "contestant", "payload", "runs", "median s", "best s", "MB/s", "errors",
            "× compiled, valid", "× compiled, same payload",
        ]]
        for row in rows {
            let bytes = Double(fileBytes[row.entry.fault] ?? 0)
            let isBaseline = row.entry.contestant == .compiled && row.entry.fault == .none
            table.append([
                row.entry.contestant.title + (isBaseline ? " (baseline)" : ""),
                row.entry.fault.payloadTitle,
                "\(row.runs.count)",
                String(format: "%.3f", row.median),
                String(format: "%.3f", row.best),
                String(format: "%.1f", bytes / 1e6 / row.median),
                row.errors,
                isBaseline ? "-" : Self.ratio(row.median, compiled(on: .none)),
                row.entry.contestant == .compiled ? "-" : Self.ratio(row.median, compiled(on: row.entry.fault)),
            ])
        }
        return Self.layout(table) + "\n\n" + verdict.joined(separator: "\n") + "\n" + notes
    }

    private var verdict: [String] {
        var lines: [String] = []
        if let engine = row(.engine, .none), let compiled = row(.compiled, .none) {
            let ratio = engine.median / compiled.median
            lines.append(
                "first-error mode, valid payload: engine / compiled = \(Self.ratio(engine.median, compiled))"
                    + " (best of runs \(Self.ratio(engine.best, compiled.best)))"
                    + " (target <= \(Self.firstErrorTarget)x: \(ratio <= Self.firstErrorTarget ? "met" : "MISSED"))")
        }
        for fault in EngineBenchmarkRun.faults {
            guard let engine = row(.engineAllErrors, fault), let compiled = row(.compiled, fault),
                  let valid = row(.compiled, .none) else { continue }
            let ratio = engine.median / compiled.median
            lines.append(
                "all-errors mode, \(fault.payloadTitle) (\(engine.errors) errors):\n"
                    + "    engine / compiled on the same payload (stops at the first error) = \(Self.ratio(engine.median, compiled))"
                    + " (best \(Self.ratio(engine.best, compiled.best)))"
                    + " (target <= \(Self.allErrorsTarget)x: \(ratio <= Self.allErrorsTarget ? "met" : "MISSED"))\n"
                    + "    engine / compiled on the valid payload (decodes every record) = \(Self.ratio(engine.median, valid))"
                    + " (best \(Self.ratio(engine.best, valid.best)))")
        }
        return lines
    }

    private var notes: String {
        "(\(records) records per payload; time is the decode alone, the median (and the best) of the runs, each a fresh"
            + " process; the engine's time includes its own JSONTree scan, not the schema built from the model source.)"
    }

    private func row(_ contestant: EngineContestant, _ fault: PayloadFault) -> Row? {
        rows.first { $0.entry.contestant == contestant && $0.entry.fault == fault }
    }

    private func compiled(on fault: PayloadFault) -> Row? { row(.compiled, fault) }

    private static func ratio(_ seconds: Double, _ baseline: Row?) -> String {
        baseline.map { ratio(seconds, $0.median) } ?? "?"
    }

    private static func ratio(_ seconds: Double, _ baseline: Double) -> String {
        String(format: "%.2fx", seconds / baseline)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Left-aligns the first two columns and right-aligns the rest, with a rule under the header.
    private static func layout(_ table: [[String]]) -> String {
        let widths = table[0].indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column < 2 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(table[0]), rule] + table.dropFirst().map(line)).joined(separator: "\n")
    }
}
