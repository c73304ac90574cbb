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
        for caught in report.caught {
            let error = caught.error
            let location = error.location ?? SourceLocation(line: 1, column: 1, offset: 0)
            lines += PayloadDiagnostic(
                severity: .warning, message: "caught: \(error.heading): \(error.debugDescription)", location: location
            )
            .lines(file: payloadName, payload: payload)
            let place = caught.caughtAt.map { "\($0): " } ?? ""
            lines.append("\(place)note: caught by \(caught.catcherText), in \(caught.call): \(caught.outcomeText)")
        }
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
