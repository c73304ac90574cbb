import DecodingEngine
import JSONTree
import Teaching

/// The detail pane on a node whose error the model's own code caught (compiled mode): the error as
/// Foundation threw it, where the model's code caught it and what became of the value, then the
/// teaching: the leniency, what it lost, and the strict and lenient edits as verified.
extension DetailRenderer {
    func caughtLines(_ index: Int, of overlay: DecodeOverlay, width: Int) -> [Line] {
        let caught = overlay.report.caught[index]
        let error = caught.error
        let heading = error.headingParts(root: " (empty codingPath)")
        var head: Line = [(" ⊘ caught: " + heading.kind, .warning), (heading.place, .plain)]
        if let location = error.location { head.append(("   line \(location.line), col \(location.column)", .dimmed)) }
        let count = overlay.report.caught.count
        if count > 1 { head.append(("   caught \(index + 1) of \(count)", .dimmed)) }
        var lines: [Line] = [head]
        lines += wrap(TerminalSafeText.escape(error.debugDescription), width: width, style: .plain, indent: 3)
        let place = caught.caughtAt.map { "at \($0) " } ?? ""
        lines += wrap(
            TerminalSafeText.escape("caught \(place)by \(caught.catcherText), in \(caught.call)"), width: width, style: .dimmed,
            indent: 3)
        lines.append([("   outcome: ", .dimmed), (TerminalSafeText.escape(caught.outcomeText), caught.losesData ? .warning : .success)])
        guard let lessons = state.decode.lessons?.caught, lessons.count == count else {
            if state.decode.lessonsPending { lines.append([("   explaining and verifying the strict edit…", .dimmed)]) }
            return lines
        }
        let lesson = lessons[index]
        lines += wrap("lost: " + TerminalSafeText.escape(lesson.lost), width: width, style: .warning, indent: 3)
        lines += wrap("leniency: " + TerminalSafeText.escape(lesson.leniency), width: width, style: .dimmed, indent: 3)
        for (label, fix) in [("strict", lesson.strict), ("keep it", lesson.lenient)] {
            guard let fix else { continue }
            lines.append([("   \(label): ", .success), (TerminalSafeText.escape(fix.title), .key)])
            lines += wrap(TerminalSafeText.escape(fix.verdict.text), width: width, style: .success, indent: 5)
        }
        if lesson.strict == nil, let note = lesson.strictNote {
            lines += wrap("strict: " + TerminalSafeText.escape(note), width: width, style: .dimmed, indent: 3)
        }
        return lines
    }
}
