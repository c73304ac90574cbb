import Foundation

/// The results table and the verdict on the issue's targets.
///
/// Time is the median over a contestant's runs; peak RSS is the highest of them (the
/// figure a user with that payload would have to have free). "over baseline" subtracts
/// the read-only child's peak, leaving the parser's own share.
struct Report {
    struct Row {
        var contestant: Contestant
        var runs: [ChildMeasurement]

        /// The time the row is about: reading for the baseline, parsing for the others.
        var medianSeconds: Double {
            let times = runs.map { contestant == .baseline ? $0.readSeconds : $0.parseSeconds }.sorted()
            let middle = times.count / 2
            return times.count % 2 == 1 ? times[middle] : (times[middle - 1] + times[middle]) / 2
        }

        var peakRSSBytes: Int {
            (runs.map(\.peakRSSKiB).max() ?? 0) * 1024
        }
    }

    /// Targets from the issue.
    static let speedupTarget = 10.0
    static let memoryTarget = 2.5

    var fileBytes: Int
    var rows: [Row]

    var rendered: String {
        let baseline = row(.baseline)
        let scan = row(.scan)
        var table: [[String]] = [
            [
                "contestant", "runs", "median s", "MB/s", "peak RSS MB", "RSS/file", "over baseline MB", "time / scan",
            ]
        ]
        for row in rows {
            let seconds = row.medianSeconds
            let isBaseline = row.contestant == .baseline
            let overBaseline = baseline.map { Double(row.peakRSSBytes - $0.peakRSSBytes) / 1e6 }
            let versusScan = scan.map { seconds / $0.medianSeconds }
            table.append([
                row.contestant.title,
                "\(row.runs.count)",
                String(format: "%.3f", seconds),
                String(format: "%.1f", Double(fileBytes) / 1e6 / seconds),
                String(format: "%.1f", Double(row.peakRSSBytes) / 1e6),
                String(format: "%.2fx", Double(row.peakRSSBytes) / Double(fileBytes)),
                isBaseline ? "-" : overBaseline.map { String(format: "%.1f", $0) } ?? "?",
                isBaseline ? "-" : versusScan.map { String(format: "%.1fx", $0) } ?? "?",
            ])
        }
        return Self.layout(table) + "\n\n" + verdict(scan: scan, baseline: baseline) + "\n" + notes
    }

    private var notes: String {
        var notes = "(MB = 10^6 bytes; time is the median of the runs, peak RSS the highest; each run is a fresh process.)"
        let inflated = rows.flatMap(\.runs).filter { $0.peakRSSKiB > $0.highWaterKiB + max(1024, $0.highWaterKiB / 100) }
        if !inflated.isEmpty {
            notes +=
                "\nWARNING: in \(inflated.count) run(s) ru_maxrss exceeds the child's own VmHWM by over 1%:"
                + " the figure includes the parent's memory (see BenchmarkRun.swift)."
        }
        return notes
    }

    private func verdict(scan: Row?, baseline: Row?) -> String {
        guard let scan else { return "no scanner figures" }
        var lines: [String] = []
        for other in [Contestant.jsonSerialization, .jsonDecoder] {
            guard let row = row(other) else { continue }
            let speedup = row.medianSeconds / scan.medianSeconds
            var line = "speedup: \(row.contestant.title) / scan = \(String(format: "%.1fx", speedup))"
            if other == .jsonSerialization {
                line += " (target >= \(Int(Self.speedupTarget))x: \(speedup >= Self.speedupTarget ? "met" : "MISSED"))"
            }
            lines.append(line)
        }
        let ratio = Double(scan.peakRSSBytes) / Double(fileBytes)
        lines.append(
            "memory:  scan peak RSS / file = \(String(format: "%.2fx", ratio))"
                + " (target <= \(Self.memoryTarget)x: \(ratio <= Self.memoryTarget ? "met" : "MISSED"))"
        )
        if let baseline {
            let processOnly = baseline.peakRSSBytes - fileBytes
            let parserShare = scan.peakRSSBytes - baseline.peakRSSBytes
            lines.append(
                "         = file bytes 1.00x + parser's own share \(String(format: "%.2fx", Double(parserShare) / Double(fileBytes)))"
                    + " + process without payload \(String(format: "%.1f", Double(processOnly) / 1e6)) MB"
                    + " (\(String(format: "%.2fx", Double(processOnly) / Double(fileBytes))))"
            )
        }
        return lines.joined(separator: "\n")
    }

    private func row(_ contestant: Contestant) -> Row? {
        rows.first { $0.contestant == contestant }
    }

    /// Left-aligns the first column and right-aligns the rest, with a rule under the header.
    private static func layout(_ table: [[String]]) -> String {
        let widths = table[0].indices.map { column in table.map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { column, cell in
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                return column == 0 ? cell + padding : padding + cell
            }.joined(separator: "  ")
        }
        let rule = widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")
        return ([line(table[0]), rule] + table.dropFirst().map(line)).joined(separator: "\n")
    }
}
