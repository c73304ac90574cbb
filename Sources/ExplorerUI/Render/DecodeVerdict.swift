import JSONTree
import Teaching

/// The decode status in the header: the type and what came of it.
struct DecodeVerdict {
    var text: String
    var style: Style
    /// The type expression `text` starts with, which gives way first when the header is narrow.
    var type: String

    init(_ decode: DecodeSession) {
        let type = TerminalSafeText.escape(decode.setup.typeExpression ?? "")
        self.type = type
        switch (decode.setup.readiness, decode.phase) {
        case (.noModel, _):
            (text, style) = ("", .header)
        case (.modelProblem, _):
            (text, style) = ("✖ the model does not compile", .error)
        case (.noType, _):
            (text, style) = ("t: pick a type", .header)
        case (.ready, .running):
            let seconds = Double(decode.elapsedMilliseconds) / 1000
            if decode.compiling != nil {
                (text, style) = ("\(type)  ⋯ compiling \(Int(seconds)) s", .status)
            } else {
                (text, style) = ("\(type)  ⋯ decoding \(seconds >= 0.3 ? "\(Self.oneDecimal(seconds)) s, Esc cancels" : "")", .status)
            }
        case (.ready, .failed):
            (text, style) = ("\(type)  ✖ could not decode", .error)
        case (.ready, .idle):
            (text, style) = ("\(type)  ⏎ decodes here", .header)
        case (.ready, .finished):
            guard let report = decode.overlay?.report else { (text, style) = (type, .header); return }
            let compiled =
                decode.decidedMode == .compiled
                ? "  (\(decode.compileSeconds.map { "swiftc \(Self.oneDecimal($0)) s" } ?? "compiled"))" : ""
            if report.ok {
                let caught = report.caught.isEmpty ? "" : " · \(report.caught.count) caught"
                (text, style) = ("\(type)  ✓ decodes\(caught)\(compiled)", .success)
            } else {
                let n = report.errors.count
                // First-error mode shows one; the fixes may know of more: say so, `+` for "at least".
                let count = decode.moreErrorsKnown.map { "1 of \($0)+ errors" } ?? "\(n) error\(n == 1 ? "" : "s")"
                (text, style) = ("\(type)  ✖ \(count)\(compiled)", .error)
            }
        }
    }

    /// The verdict in `width` columns: whole, or with its type shortened (the outcome stays
    /// whole: `[String: [Cart…  ✖ 3 errors`), or shortened by the one rule.
    func text(width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        if !type.isEmpty, let range = text.range(of: type) {
            let before = String(text[..<range.lowerBound])
            let outcome = String(text[range.upperBound...])
            let room = width - DisplayWidth.of(before + outcome)
            if room >= 6 { return before + Shortened.text(type, width: room) + outcome }
        }
        return Shortened.text(text, width: width)
    }

    /// The status line while compiled mode compiles: `compiling 20 model files with swiftc… 3 s`.
    static func compileProgress(_ decode: DecodeSession) -> String? {
        guard decode.isRunning, let compiling = decode.compiling else { return nil }
        let seconds = decode.elapsedMilliseconds / 1000
        return "\(compiling.text)… \(seconds) s   Esc cancels"
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
