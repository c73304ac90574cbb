import JSONTree

/// The decode status in the header: the type and what came of it.
struct DecodeVerdict {
    var text: String
    var style: Style

    init(_ decode: DecodeSession) {
        let type = TerminalSafeText.escape(decode.setup.typeExpression ?? "")
        switch (decode.setup.readiness, decode.phase) {
        case (.noModel, _):
            (text, style) = ("", .header)
        case (.modelProblem, _):
            (text, style) = ("✖ the model does not compile", .error)
        case (.noType, _):
            (text, style) = ("t: pick a type", .header)
        case (.ready, .running):
            let seconds = Double(decode.elapsedMilliseconds) / 1000
            (text, style) = ("\(type)  ⋯ decoding \(seconds >= 0.3 ? "\(Self.oneDecimal(seconds)) s, Esc cancels" : "")", .status)
        case (.ready, .failed):
            (text, style) = ("\(type)  ✖ could not decode", .error)
        case (.ready, .idle):
            (text, style) = ("\(type)  ⏎ decodes here", .header)
        case (.ready, .finished):
            guard let report = decode.overlay?.report else { (text, style) = (type, .header); return }
            if report.ok {
                (text, style) = ("\(type)  ✓ decodes", .success)
            } else {
                let n = report.errors.count
                (text, style) = ("\(type)  ✖ \(n) error\(n == 1 ? "" : "s")", .error)
            }
        }
    }

    private static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
