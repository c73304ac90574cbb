import Foundation

/// The explorer benchmark's tables and verdicts: each figure as a ratio to a baseline
/// measured in the same run, and against the issue's absolute targets.
struct ExplorerReport {
    /// Targets from the issue ("Speed (benchmark with tmux, release build, ~100 MB payload)").
    static let firstFrameTargetSeconds = 1.5
    static let keyMedianTargetMs = 10.0
    static let memoryTargetRatio = 3.0

    struct Baseline {
        var contestant: Contestant
        var runs: [ChildMeasurement]

        /// Reading the file plus the contestant's work: what stands before any first frame.
        var medianTotalSeconds: Double {
            ExplorerReport.percentile(runs.map { $0.readSeconds + $0.parseSeconds }.sorted(), 50)
        }

        var peakBytes: Int { (runs.map(\.highWaterKiB).max() ?? 0) * 1024 }
    }

    var fileBytes: Int
    var baselines: [Baseline]
    var tmuxStartupMs: [Double]
    var sessions: [ExplorerSession.Result]

    var rendered: String {
        [baselineSection, firstFrameSection, keySection, memorySection, verdicts].joined(separator: "\n\n")
            + "\n(MB = 10^6 bytes; ms = milliseconds; p95 by nearest rank; each run is a fresh process.)"
    }

    // MARK: Sections

    private var baselineSection: String {
        var table: [[String]] = [["baseline (child processes, same file)", "runs", "median s", "peak MB", "peak/file"]]
        for baseline in baselines {
            table.append([
                baseline.contestant == .baseline ? "read file only" : "read + " + baseline.contestant.title,
                "\(baseline.runs.count)",
                String(format: "%.3f", baseline.medianTotalSeconds),
                Self.mb(baseline.peakBytes),
                String(format: "%.2fx", Double(baseline.peakBytes) / Double(fileBytes)),
            ])
        }
        table.append([
            "tmux: new-session to a pane's first output", "\(tmuxStartupMs.count)",
            String(format: "%.3f", Self.percentile(tmuxStartupMs.sorted(), 50) / 1000), "-", "-",
        ])
        return Self.layout(table)
    }

    private var firstFrameMs: Double { Self.percentile(sessions.map(\.firstFrameMs).sorted(), 50) }
    private var wholeTreeMs: Double { Self.percentile(sessions.map(\.wholeTreeMs).sorted(), 50) }

    private var firstFrameSection: String {
        let seen = Self.percentile(sessions.map(\.firstFrameSeenMs).sorted(), 50)
        let runs = { (times: [Double]) -> String in times.map { String(format: "%.0f", $0) }.joined(separator: ", ") }
        let wholeRuns: String = runs(sessions.map(\.wholeTreeMs)), seenRuns: String = runs(sessions.map(\.firstFrameSeenMs))
        var lines: [String] = [
            "first frame (frame log: process start to the first painted frame; median of \(sessions.count) runs)",
            "  runs: " + runs(sessions.map(\.firstFrameMs)) + " ms",
            "whole tree on screen (frame log: process start to the first frame of the whole payload's tree, the same"
                + " frame unless the payload opened on its first megabyte)",
            "  runs: \(wholeRuns) ms; its counts seen in tmux (capture-pane) after \(seenRuns)"
                + " ms from `tmux new-session` (median \(String(format: "%.0f", seen)) ms)",
            "  sanity: seen in tmux - frame log = \(String(format: "%.0f", seen - wholeTreeMs)) ms"
                + " (tmux's own start to a first output: \(String(format: "%.0f", Self.percentile(tmuxStartupMs.sorted(), 50))) ms)",
            "  median: first frame " + String(format: "%.3f s, whole tree %.3f s", firstFrameMs / 1000, wholeTreeMs / 1000),
        ]
        for contestant in [Contestant.jsonSerialization, .scan, .baseline] {
            guard let baseline = baseline(contestant) else { continue }
            let name = contestant == .baseline ? "read file only" : "read + " + contestant.title
            lines.append(
                "    whole tree = \(String(format: "%.2fx", wholeTreeMs / 1000 / baseline.medianTotalSeconds)) \(name)"
                    + " (\(String(format: "%.3f", baseline.medianTotalSeconds)) s)")
        }
        return lines.joined(separator: "\n")
    }

    private var reference: [Double] {
        sessions.flatMap(\.keys).filter { $0.keyClass == .topMoves }.map(\.milliseconds).sorted()
    }

    private var keySection: String {
        let referenceMedian = Self.percentile(reference, 50)
        var table: [[String]] = [
            [
                "key class (keys pooled over the runs)", "keys", "n", "median ms", "p95 ms", "max ms", "median/ref", "median < 10 ms",
            ]
        ]
        func row(_ keyClass: ExplorerScript.KeyClass) -> [String]? {
            let timings = sessions.flatMap(\.keys).filter { $0.keyClass == keyClass }
            guard !timings.isEmpty else { return nil }
            let ms = timings.map(\.milliseconds).sorted()
            var keys: [String] = []
            for t in timings where !keys.contains(t.key) { keys.append(t.key) }
            let median = Self.percentile(ms, 50)
            return [
                keyClass.title + (keyClass == .topMoves ? " (ref)" : ""),
                keys.joined(separator: " "),
                "\(ms.count)",
                String(format: "%.2f", median),
                String(format: "%.2f", Self.percentile(ms, 95)),
                String(format: "%.2f", ms.last ?? 0),
                String(format: "%.2fx", median / referenceMedian),
                median < Self.keyMedianTargetMs ? "PASS" : "MISS",
            ]
        }
        let moves = ExplorerScript.KeyClass.allCases.filter { !$0.isBulk }.compactMap(row)
        let bulk = ExplorerScript.KeyClass.allCases.filter(\.isBulk).compactMap(row)
        let all = sessions.flatMap(\.keys).filter { !$0.keyClass.isBulk }.map(\.milliseconds).sorted()
        table += moves
        table.append([
            "all of the above", "", "\(all.count)", String(format: "%.2f", Self.percentile(all, 50)),
            String(format: "%.2f", Self.percentile(all, 95)), String(format: "%.2f", all.last ?? 0),
            String(format: "%.2fx", Self.percentile(all, 50) / referenceMedian),
            Self.percentile(all, 50) < Self.keyMedianTargetMs ? "PASS" : "MISS",
        ])
        table.append(["L/H: every node below the cursor (apart)", "", "", "", "", "", "", ""])
        table += bulk
        return "keystroke to finished frame (frame log: the key's arrival to the painted frame)\n" + Self.layout(table)
    }

    private var peakBytes: Int { (sessions.map(\.highWaterKiB).max() ?? 0) * 1024 }

    private var memorySection: String {
        let afterFirst = (sessions.map(\.highWaterAfterFirstFrameKiB).max() ?? 0) * 1024
        var lines = [
            "peak memory (VmHWM of the explorer from /proc just before q; highest of the runs)",
            "  \(Self.mb(peakBytes)) MB = \(String(format: "%.2fx", Double(peakBytes) / Double(fileBytes))) file (\(Self.mb(fileBytes)) MB);"
                + " after the first frame \(Self.mb(afterFirst)) MB (\(String(format: "%.2fx", Double(afterFirst) / Double(fileBytes))))",
        ]
        for contestant in [Contestant.jsonSerialization, .scan] {
            guard let baseline = baseline(contestant) else { continue }
            // A child that could not read its peak (VmHWM) reports -1: no ratio to print.
            guard baseline.peakBytes > 0 else {
                lines.append("    the peak of read + \(contestant.title): not measured")
                continue
            }
            lines.append(
                "    = \(String(format: "%.2fx", Double(peakBytes) / Double(baseline.peakBytes))) the peak of read + \(contestant.title)"
                    + " (\(Self.mb(baseline.peakBytes)) MB)")
        }
        return lines.joined(separator: "\n")
    }

    private var verdicts: String {
        let keyMedians = ExplorerScript.KeyClass.allCases.filter { !$0.isBulk }.compactMap { keyClass -> (String, Double)? in
            let ms = sessions.flatMap(\.keys).filter { $0.keyClass == keyClass }.map(\.milliseconds).sorted()
            return ms.isEmpty ? nil : (keyClass.title, Self.percentile(ms, 50))
        }
        let worst = keyMedians.max { $0.1 < $1.1 }
        let bulkWorst = ExplorerScript.KeyClass.allCases.filter(\.isBulk).compactMap { keyClass -> (String, Double)? in
            let ms = sessions.flatMap(\.keys).filter { $0.keyClass == keyClass }.map(\.milliseconds).sorted()
            return ms.isEmpty ? nil : (keyClass.title, Self.percentile(ms, 50))
        }.max { $0.1 < $1.1 }
        let ratio = Double(peakBytes) / Double(fileBytes)
        var lines = [
            "first frame:  \(String(format: "%.3f", firstFrameMs / 1000)) s (target <= \(Self.firstFrameTargetSeconds) s: \(firstFrameMs / 1000 <= Self.firstFrameTargetSeconds ? "PASS" : "MISS"))",
            "whole tree:   \(String(format: "%.3f", wholeTreeMs / 1000)) s (the same target: \(wholeTreeMs / 1000 <= Self.firstFrameTargetSeconds ? "PASS" : "MISS"))",
            "key medians:  worst class \(String(format: "%.2f", worst?.1 ?? 0)) ms, \(worst?.0 ?? "-")"
                + " (target < \(Int(Self.keyMedianTargetMs)) ms in every class: \((worst?.1 ?? 0) < Self.keyMedianTargetMs ? "PASS" : "MISS"))",
        ]
        if let bulkWorst {
            lines.append(
                "              L/H apart: worst class median \(String(format: "%.2f", bulkWorst.1)) ms, \(bulkWorst.0)"
                    + " (\(bulkWorst.1 < Self.keyMedianTargetMs ? "PASS" : "MISS") against the same target)")
        }
        lines.append(
            "peak memory:  \(String(format: "%.2fx", ratio)) file (target <= \(Int(Self.memoryTargetRatio))x: \(ratio <= Self.memoryTargetRatio ? "PASS" : "MISS"))"
        )
        return lines.joined(separator: "\n")
    }

    // MARK: Helpers

    private func baseline(_ contestant: Contestant) -> Baseline? {
        baselines.first { $0.contestant == contestant }
    }

    /// Nearest-rank percentile of sorted values (the median of an even count is the mean of the middle two).
    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        if p == 50 {
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }

    private static func mb(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / 1e6) }

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
