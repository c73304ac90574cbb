import DecodingEngine
import Teaching

extension ExplorerState {
    /// The error the cursor is on, if any.
    var errorAtCursor: Int? { decode.overlay?.error(at: cursor) }

    /// `f`: the fixes for the error at the cursor (or the first error).
    mutating func openFixes() {
        guard let overlay = decode.overlay, !overlay.report.errors.isEmpty else {
            status = StatusMessage(decode.overlay == nil ? "nothing decoded yet: Enter decodes here" : "no errors, nothing to fix")
            return
        }
        let error = errorAtCursor ?? 0
        guard let lessons = decode.lessons else {
            status = StatusMessage(
                decode.lessonsPending ? "still verifying fixes…" : "no fixes could be found for this decode",
                tone: decode.lessonsPending ? .info : .error)
            return
        }
        guard !lessons.fixes(forError: error).isEmpty else {
            status = StatusMessage("no verified fix for this error", tone: .error)
            return
        }
        mode = .fixes(error: error, selection: 0, confirming: false)
    }

    mutating func moveInFixes(_ move: FixesMove) -> [Effect] {
        guard case .fixes(let error, let selection, _) = mode, let fixes = decode.lessons?.fixes(forError: error), !fixes.isEmpty else {
            mode = .browse
            return []
        }
        switch move {
        case .by(let delta):
            mode = .fixes(error: error, selection: min(max(0, selection + delta), fixes.count - 1), confirming: false)
        case .askToWrite:
            let fix = fixes[selection]
            if fix.changes.isEmpty {
                // Only a decoder setting: nothing to write, apply it to the explorer's decoder.
                mode = .browse
                return fixWritten(
                    message: "applied: \(fix.decoderSetting?.swift ?? fix.title)", failed: false, setting: fix.decoderSetting)
            }
            mode = .fixes(error: error, selection: selection, confirming: true)
        case .confirm:
            mode = .browse
            return [.writeFix(fixes[selection])]
        case .close:
            mode = .browse
        case .scroll(let scroll):
            scrollFix(scroll)
        }
        return []
    }

    /// After a fix was written: tell the user, use its decoder setting, decode again (the
    /// watch would notice the files too; decoding at once does not wait for it).
    mutating func fixWritten(message: String, failed: Bool, setting: DecoderSetting?) -> [Effect] {
        status = StatusMessage(message, tone: failed ? .error : .info)
        guard !failed else { return [] }
        decode.reloadCause = message
        if let options = setting?.applied(to: decode.setup.options) { decode.setup.options = options }
        return [.reload(payload: false, models: true)]
    }
}
