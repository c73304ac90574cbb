import DecodingEngine
import Foundation
import JSONTree
import ModelSchema

extension DecodeSetup {
    /// Schema mode's "did you mean" for a swiftc error on a line where the schema reader found
    /// an unknown type with near names (`cannot find type 'Prodct' in scope` → `did you mean
    /// 'Product'?`): matched by file and line, the schema's own diagnostic, never swiftc's text.
    func suggestion(for diagnostic: SourceDiagnostic) -> String? {
        let file = URL(fileURLWithPath: diagnostic.file).lastPathComponent
        for found in schema?.diagnostics ?? [] {
            guard case .unknownType(_, let near) = found.kind, !near.isEmpty, found.location.line == diagnostic.line,
                URL(fileURLWithPath: found.location.file).lastPathComponent == file
            else { continue }
            return "did you mean " + near.map { "'\($0)'" }.joined(separator: ", ") + "?"
        }
        return nil
    }
}
