/// One finding about a payload, ready to print like a compiler diagnostic.
public struct PayloadDiagnostic: Hashable, Sendable {
    public enum Severity: String, Hashable, Sendable, Codable { case error, warning, note }

    public var severity: Severity
    public var message: String
    public var location: SourceLocation

    public init(severity: Severity, message: String, location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// `file:line:col: severity: message`, then the source line and a caret.
    public func rendered(file: String, payload: [UInt8]) -> String {
        let excerpt = SourceExcerpt(payload: payload, location: location)
        return "\(TerminalSafeText.escape(file)):\(location.line):\(location.column): \(severity.rawValue): \(message)\n"
            + "\(excerpt.line)\n\(excerpt.caret)"
    }
}

extension JSONParseError {
    /// The structural error as a diagnostic.
    public var diagnostic: PayloadDiagnostic {
        PayloadDiagnostic(severity: .error, message: message, location: location)
    }
}

extension JSONIssue {
    /// The issue as a diagnostic.
    public var diagnostic: PayloadDiagnostic {
        PayloadDiagnostic(severity: severity == .error ? .error : .warning, message: message, location: location)
    }
}
