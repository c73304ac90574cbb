/// One finding about a payload before the payload is named: what is its own is the byte
/// offset in its location, for the excerpt under the line; printed as a ``SourceDiagnostic``.
public struct PayloadDiagnostic: Hashable, Sendable {
    public var severity: SourceDiagnostic.Severity
    public var message: String
    public var location: SourceLocation

    public init(severity: SourceDiagnostic.Severity, message: String, location: SourceLocation) {
        self.severity = severity
        self.message = message
        self.location = location
    }

    /// The finding in the payload named `file` (its name as the user gave it).
    public func diagnostic(file: String) -> SourceDiagnostic {
        SourceDiagnostic(file: file, line: location.line, column: location.column, severity: severity, message: message)
    }

    /// `file:line:col: severity: message`, then the source line and a caret.
    public func rendered<Bytes: RandomAccessCollection<UInt8>>(file: String, payload: Bytes) -> String where Bytes.Index == Int {
        lines(file: file, payload: payload).joined(separator: "\n")
    }

    /// ``rendered(file:payload:)``'s three lines.
    public func lines<Bytes: RandomAccessCollection<UInt8>>(file: String, payload: Bytes) -> [String] where Bytes.Index == Int {
        let excerpt = SourceExcerpt(payload: payload, location: location)
        return ["\(diagnostic(file: file))", excerpt.line, excerpt.caret]
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
