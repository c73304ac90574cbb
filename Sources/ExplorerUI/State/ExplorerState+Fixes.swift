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
                    message: "applied: \(fix.decoderSetting?.swift ?? fix.title)", failed: false, flags: fix.decoderSetting?.flags)
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
    mutating func fixWritten(message: String, failed: Bool, flags: [String]?) -> [Effect] {
        status = StatusMessage(message, tone: failed ? .error : .info)
        guard !failed else { return [] }
        decode.reloadCause = message
        if let flags { decode.setup.options = decode.setup.options.applying(flags: flags) }
        return [.reload(payload: false, models: true)]
    }
}

extension DecodeOptions {
    /// The options with `check`'s strategy flags applied (`--key-strategy snake-case`,
    /// `--date-strategy iso8601`), as a fix's decoder setting gives them.
    func applying(flags: [String]) -> DecodeOptions {
        var options = self
        var k = 0
        while k + 1 < flags.count {
            let (flag, value) = (flags[k], flags[k + 1])
            switch (flag, value) {
            case ("--key-strategy", "snake-case"): options.keys = .convertFromSnakeCase
            case ("--key-strategy", "default"): options.keys = .useDefaultKeys
            case ("--date-strategy", "deferred"): options.dates = .deferredToDate
            case ("--date-strategy", "iso8601"): options.dates = .iso8601
            case ("--date-strategy", "seconds"): options.dates = .secondsSince1970
            case ("--date-strategy", "milliseconds"): options.dates = .millisecondsSince1970
            case ("--date-strategy", let v) where v.hasPrefix("formatted:"):
                options.dates = .formatted(String(v.dropFirst("formatted:".count)))
            case ("--data-strategy", "base64"): options.data = .base64
            case ("--data-strategy", "deferred"): options.data = .deferredToData
            default: break
            }
            k += 2
        }
        return options
    }
}
