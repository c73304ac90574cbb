import DecodingEngine
import Foundation
import ModelSchema

extension CaughtError {
    /// This caught error with what the model's source says of it: the line of the catcher's
    /// `init(from:)` that made the failing call (``CallSiteMatch``, as stepping ties calls to lines),
    /// the property wrapper the catcher is, and what that line does with the failure: `?? x` is a
    /// default, a bare `try?` a nil. When no call of the source fits (the initializer hands its
    /// decoder to `Int(from:)`), the initializer's own first line says where. A catcher whose
    /// source is not among the model files (a library's wrapper) keeps what the runner said.
    public func attributed(in schema: Schema) -> CaughtError {
        var caught = self
        guard let catcher else { return caught }
        caught.wrapper = Self.wrapperAttribute(naming: catcher, key: catcherKey, in: schema)
        guard let site, let initializer = schema.handWrittenInit(of: site.owner) else { return caught }
        var match = CallSiteMatch.match(site, in: initializer)
        if case .ambiguous(let sites) = match {
            // A generic catcher (`LossyArray<T>`) asks for `T.self`, which no runtime type name matches:
            // of the sites that could have made the call, the one asking for its generic parameter.
            let generics = Set(schema.typeSchema(runtimeName: catcher)?.genericParameters ?? [])
            let generic = sites.filter { $0.typeText.map(generics.contains) ?? false }
            if generic.count == 1 { match = .site(generic[0]) }
        }
        guard case .site(let call) = match else {
            let indent = initializer.lines.first.map { $0.prefix { $0 == " " || $0 == "\t" }.count } ?? 0
            caught.caughtAt = ModelLocation(file: initializer.file, line: initializer.firstLine, column: indent + 1)
            return caught
        }
        caught.caughtAt = call.location
        let index = call.location.line - initializer.firstLine
        guard outcome == .other, initializer.lines.indices.contains(index) else { return caught }
        var line = Substring(initializer.lines[index])
        if let comment = line.range(of: "//") { line = line[..<comment.lowerBound] }
        if let range = line.range(of: "??", options: .backwards) {
            caught.outcome = .defaulted
            var text = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
            while text.hasSuffix(")") || text.hasSuffix(",") || text.hasSuffix(";") { text.removeLast() }
            caught.defaultText = text.isEmpty ? nil : text
        } else if line.contains("try?") {
            caught.outcome = .nil
        }
        return caught
    }

    /// The property wrapper attribute the model applies (`@LossyArray`, `@DefaultFalse`) whose type
    /// is `catcher`: by its name, or (a typealias, `DefaultFalse` for `DefaultCodable<…>`) applied
    /// to the property whose key the catcher decoded.
    static func wrapperAttribute(naming catcher: String, key: String?, in schema: Schema) -> String? {
        for diagnostic in schema.diagnostics {
            guard case .propertyWrapperOrMacro(_, let attribute) = diagnostic.kind else { continue }
            let name = String(attribute.prefix { $0 != "<" && $0 != "(" })
            if name == catcher { return name }
            guard let key, let source = schema.sources.first(where: { $0.path == diagnostic.location.file }) else { continue }
            let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
            guard lines.indices.contains(diagnostic.location.line - 1) else { continue }
            let line = lines[diagnostic.location.line - 1]
            if ["var", "let"].contains(where: { line.contains("\($0) \(key):") || line.contains("\($0) \(key) ") }) { return name }
        }
        return nil
    }
}
