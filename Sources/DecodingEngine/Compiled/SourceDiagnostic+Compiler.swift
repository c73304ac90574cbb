import Foundation
import JSONTree

extension SourceDiagnostic {
    /// The error and warning lines of swiftc's output (`file:line:column: error: message`; notes
    /// and source excerpts are left out), each with the path swiftc printed and shown by its file
    /// name.
    static func compilerDiagnostics(in output: String) -> [SourceDiagnostic] {
        output.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 5, let l = Int(parts[1]), let c = Int(parts[2]),
                let severity = Severity(rawValue: parts[3].trimmingCharacters(in: .whitespaces)),
                severity == .error || severity == .warning
            else { return nil }
            return SourceDiagnostic(
                file: parts[0], line: l, column: c, severity: severity,
                message: parts[4].trimmingCharacters(in: .whitespaces), fileShown: .lastComponent)
        }
    }
}
