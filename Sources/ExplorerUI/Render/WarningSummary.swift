import JSONTree
import Teaching

/// A "decodes, but" warning in a few words, for the note at the right of its row:
/// `⚠ decodes, but as a date in the year 55,871`, `⚠ always nil: sent as base_url`. The
/// detail pane keeps the warning's whole text (``DecodeWarning/text``); a warning never
/// changes the verdict.
struct WarningSummary {
    let warning: DecodeWarning

    /// The note as fully as room allows, longest first.
    var notes: [String] {
        switch warning.reason {
        case .implausibleDate(_, _, let year, _, let fits):
            let date = "a date in the year \(FixCost.grouped(year))"
            return ["⚠ decodes, but as \(date)" + (fits.map { "; \($0) fits" } ?? ""), "⚠ decodes, but as \(date)", "⚠ \(date)"]
        case .alwaysNil(let property, _, _, let sentAs):
            let sent = TerminalSafeText.escape(sentAs)
            return [
                "⚠ `\(TerminalSafeText.escape(property))` is always nil: sent as \(sent)", "⚠ always nil: sent as \(sent)", "⚠ always nil",
            ]
        }
    }
}
