import Foundation

/// One `file:line:column: error: message` line of swiftc's output, as swiftc printed it.
public struct CompilerDiagnostic: Sendable, Hashable, Codable {
    public var file: String
    public var line: Int
    public var column: Int
    public var severity: String
    public var message: String

    public init(file: String, line: Int, column: Int, severity: String, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
    }

    /// The error and warning lines of swiftc's output (notes and source excerpts are left out).
    static func parse(_ output: String) -> [CompilerDiagnostic] {
        output.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 5, let l = Int(parts[1]), let c = Int(parts[2]) else { return nil }
            let severity = parts[3].trimmingCharacters(in: .whitespaces)
            guard severity == "error" || severity == "warning" else { return nil }
            return CompilerDiagnostic(
                file: parts[0], line: l, column: c, severity: severity,
                message: parts[4].trimmingCharacters(in: .whitespaces))
        }
    }
}
