import JSONTree

@testable import ModelSchema

/// Builds a schema from one inline model file named `Models.swift`.
func schema(_ text: String) -> Schema {
    Schema(sources: [ModelSource(path: "Models.swift", text: text)])
}

extension Schema {
    /// Diagnostics of one severity as `line:column message` strings.
    func messages(_ severity: SourceDiagnostic.Severity) -> [String] {
        diagnostics.filter { $0.severity == severity }.map { "\($0.location.line):\($0.location.column) \($0.message)" }
    }
}
