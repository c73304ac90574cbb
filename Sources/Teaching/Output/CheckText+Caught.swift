import DecodingEngine
import JSONTree

extension CheckText {
    /// `decodes, but: N errors were caught by your code` (after a failed decode's errors: `N errors
    /// were also caught by your code:`), then each like a compiler diagnostic on the payload, with a
    /// note on the model line that caught it and what became of the value.
    var caughtLines: [String] {
        let report = result.report
        guard !report.caught.isEmpty else { return [] }
        let count = report.caught.count
        let were = count == 1 ? "1 error was" : "\(count) errors were"
        var lines = [report.ok ? "decodes, but: \(were) caught by your code" : "\(were) also caught by your code:"]
        let lessons = result.teaching?.caught ?? []
        var shown = Set<String>()
        for (index, caught) in report.caught.enumerated() {
            let error = caught.error
            let location = error.location ?? SourceLocation(line: 1, column: 1, offset: 0)
            lines += PayloadDiagnostic(
                severity: .warning, message: "caught: \(error.heading): \(error.debugDescription)", location: location
            )
            .lines(file: payloadName, payload: payload)
            let place = caught.caughtAt.map { "\($0): " } ?? ""
            lines.append("\(place)note: caught by \(caught.catcherText), in \(caught.call): \(caught.outcomeText)")
            if lessons.count == report.caught.count { lines += Self.lessonLines(lessons[index], shown: &shown) }
        }
        return lines
    }

    /// Under a caught error: the leniency and what it lost, then its strict edit (or why there is
    /// none) and the edit that keeps the value, each diff shown once.
    static func lessonLines(_ lesson: CaughtLesson, shown: inout Set<String>) -> [String] {
        var lines = ["  leniency: \(lesson.leniency)", "  lost:     \(lesson.lost)"]
        for (label, fix) in [("strict", lesson.strict), ("keep it", lesson.lenient)] {
            guard let fix else { continue }
            lines += ["  \(label): \(fix.title)", "    \(fix.verdict.text)"]
            let diff = fix.changes.map(\.diff).joined()
            guard shown.insert(diff).inserted else {
                lines.append("    (shown above)")
                continue
            }
            lines.append("    \(fix.detail)")
            for change in fix.changes { lines += FixText.diffLines(change.diff, indent: "    ") }
        }
        if lesson.strict == nil, let note = lesson.strictNote { lines.append("  strict: \(note)") }
        return lines
    }

    /// `note: keys the payload sends that the model never reads:`, then one line a type and key, at
    /// its first place, with the count and a near spelling the type asks for.
    var unreadKeyLines: [String] {
        let report = result.report
        guard !report.unreadKeys.isEmpty else { return [] }
        var lines = ["note: keys the payload sends that the model never reads:"]
        for unread in report.unreadKeys {
            let objects = unread.count == 1 ? "1 object" : "\(unread.count) objects"
            let near = unread.near.map { "; did you mean \"\($0)\"?" } ?? ""
            lines.append(
                "\(payloadName):\(unread.location.line):\(unread.location.column): note: \"\(unread.key)\" of \(unread.type ?? "an object") is never read (\(objects)\(near))"
            )
        }
        return lines
    }
}
