import Foundation

/// The engine benchmark's table and its verdict on the targets.
///
/// Every ratio names its baseline. "× compiled, valid" divides by `JSONDecoder` decoding the
/// compiled model from the valid payload. "× compiled, same payload" divides by
/// `JSONDecoder` on the row's own payload: on a faulty payload it throws at the first
/// record, so it has still scanned the whole document but decoded one record.
///
/// Each ratio is given for wall time and for CPU time (user and system): on a machine shared
/// with other work a run can wait for a core, which inflates wall time but not CPU time.
struct EngineReport {
    struct Row {
        var entry: EngineBenchmarkRun.Entry
        var runs: [ChildMeasurement]

        var wall: Double { EngineReport.median(runs.map(\.parseSeconds)) }
        var bestWall: Double { runs.map(\.parseSeconds).min() ?? .nan }
        var cpu: Double { EngineReport.median(runs.compactMap(\.parseCPUSeconds)) }
        var bestCPU: Double { runs.compactMap(\.parseCPUSeconds).min() ?? .nan }
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
        var table: [[String]] = [
            [
                "contestant", "payload", "runs", "median s", "best s", "CPU median s", "CPU best s", "errors",
                "× compiled, valid (wall, CPU)", "× compiled, same payload (wall, CPU)",
            ]
        ]
        for row in rows {
            let isBaseline = row.entry.contestant == .compiled && row.entry.fault == .none
            table.append([
                row.entry.contestant.title + (isBaseline ? " (baseline)" : ""),
                row.entry.fault.payloadTitle,
                "\(row.runs.count)",
                String(format: "%.3f", row.wall),
                String(format: "%.3f", row.bestWall),
                String(format: "%.3f", row.cpu),
                String(format: "%.3f", row.bestCPU),
                row.errors,
                isBaseline ? "-" : Self.ratios(row, compiled(on: .none)),
                row.entry.contestant == .compiled ? "-" : Self.ratios(row, compiled(on: row.entry.fault)),
            ])
        }
        return Self.layout(table) + "\n\n" + verdict.joined(separator: "\n") + "\n" + notes
    }

    private var verdict: [String] {
        var lines: [String] = []
        if let engine = row(.engine, .none), let compiled = row(.compiled, .none) {
            lines.append(
                "first-error mode, valid payload: engine / compiled"
                    + Self.judged(engine, compiled, target: Self.firstErrorTarget))
        }
        for fault in EngineBenchmarkRun.faults {
            guard let engine = row(.engineAllErrors, fault), let compiled = row(.compiled, fault),
                let valid = row(.compiled, .none)
            else { continue }
            lines.append("all-errors mode, \(fault.payloadTitle) (\(engine.errors) errors):")
            lines.append(
                "    engine / compiled on the same payload (which stops at the first error)"
                    + Self.judged(engine, compiled, target: Self.allErrorsTarget))
            lines.append(
                "    engine / compiled on the valid payload (which decodes every record)"
                    + Self.judged(engine, valid, target: Self.allErrorsTarget))
        }
        return lines
    }

    private var notes: String {
        "(\(records) records per payload; times are of the decode alone, the median (and the best) of the runs, each"
            + " a fresh process; the engine's time includes its own JSONTree scan and the report, not the schema built"
            + " from the model source, which is built once per model.)"
    }

    private func row(_ contestant: EngineContestant, _ fault: PayloadFault) -> Row? {
        rows.first { $0.entry.contestant == contestant && $0.entry.fault == fault }
    }

    private func compiled(on fault: PayloadFault) -> Row? { row(.compiled, fault) }

    /// ` = 1.42x wall (best 1.38x), 1.35x CPU (best 1.31x) (target <= 1.5x: met)`, judged on the medians.
    private static func judged(_ row: Row, _ baseline: Row, target: Double) -> String {
        let wall = row.wall / baseline.wall
        let cpu = row.cpu / baseline.cpu
        func verdict(_ ratio: Double) -> String { ratio <= target ? "met" : "MISSED" }
        return " = \(format(wall)) wall (best \(format(row.bestWall / baseline.bestWall))),"
            + " \(format(cpu)) CPU (best \(format(row.bestCPU / baseline.bestCPU)))"
            + " (target <= \(target)x: \(verdict(wall)) in wall time, \(verdict(cpu)) in CPU time)"
    }

    private static func ratios(_ row: Row, _ baseline: Row?) -> String {
        guard let baseline else { return "?" }
        return "\(format(row.wall / baseline.wall)), \(format(row.cpu / baseline.cpu))"
    }

    private static func format(_ ratio: Double) -> String { String(format: "%.2fx", ratio) }

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
