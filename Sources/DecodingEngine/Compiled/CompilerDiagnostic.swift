import Foundation

/// One `file:line:column: error: message` line of swiftc's output, as swiftc printed it.
public struct CompilerDiagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
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

    /// `Models.swift:12:7: error: cannot find type 'Prodcut' in scope`
    public var description: String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return "\(name):\(line):\(column): \(severity): \(message)"
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
