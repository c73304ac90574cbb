import DecodingEngine
import Foundation
import ModelSchema

extension CaughtError {
    /// This caught error with what the model's source says of it: the line of the catcher's
    /// `init(from:)` that made the failing call (``CallSiteMatch``, as stepping ties calls to lines),
    /// the property wrapper the catcher is, and what that line does with the failure: `?? x` is a
    /// default, a bare `try?` a nil. When no call of the source fits (the initializer hands its
    /// decoder on, `try? T(from: decoder)`), its one line with a `try?` says where, or its first line. A catcher whose
    /// source is not among the model files (a library's wrapper) keeps what the runner said.
    public func attributed(in schema: Schema) -> CaughtError {
        var caught = self
        guard let catcher else { return caught }
        caught.wrapper = Self.wrapperAttribute(naming: catcher, key: catcherKey, in: schema)
        guard let site, let initializer = schema.handWrittenInit(of: site.owner) else { return caught }
        // A generic catcher (`LossyArray<T>`) asks for `T.self`, which no runtime type name matches.
        let match = CallSiteMatch.match(site, in: initializer).preferringGenericParameter(of: catcher, in: schema)
        guard case .site(let call) = match else {
            // No container call of the source fits (`try? T(from: decoder)` hands the decoder on): the
            // one line with a `try?`, when there is one; otherwise the initializer's first line.
            let tries = initializer.lines.indices.filter { Self.code(initializer.lines[$0]).contains("try?") }
            let index = tries.count == 1 ? tries[0] : 0
            let text = initializer.lines.indices.contains(index) ? initializer.lines[index] : ""
            let start = tries.count == 1 ? text.range(of: "try?")?.lowerBound : text.firstIndex { $0 != " " && $0 != "\t" }
            let column = start.map { text.distance(from: text.startIndex, to: $0) } ?? 0
            caught.caughtAt = ModelLocation(file: initializer.file, line: initializer.firstLine + index, column: column + 1)
            if tries.count == 1 { caught.classify(Self.code(text)) }
            return caught
        }
        caught.caughtAt = call.location
        let index = call.location.line - initializer.firstLine
        if initializer.lines.indices.contains(index) { caught.classify(Self.code(initializer.lines[index])) }
        return caught
    }

    /// A line without its `//` comment.
    static func code(_ line: String) -> Substring {
        line.range(of: "//").map { line[..<$0.lowerBound] } ?? Substring(line)
    }

    /// What the line that caught the error does with the failure: `?? x` is a default, a bare `try?`
    /// a nil (an element left out of its array stays so).
    mutating func classify(_ line: Substring) {
        guard outcome == .other else { return }
        if let range = line.range(of: "??", options: .backwards) {
            outcome = .defaulted
            var text = line[range.upperBound...].trimmingCharacters(in: .whitespaces)
            while text.hasSuffix(")") || text.hasSuffix(",") || text.hasSuffix(";") { text.removeLast() }
            defaultText = text.isEmpty ? nil : text
        } else if line.contains("try?") {
            outcome = .nil
        }
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
