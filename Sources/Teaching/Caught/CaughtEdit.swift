import DecodingEngine
import Foundation
import ModelSchema

/// The edits of the model's source offered for a caught error, as text, before any is verified.
///
/// Strict, at the code that caught it: a property wrapper taken off its property (`@LossyArray var
/// items: [Item]` is `var items: [Item]`: synthesized decoding, which throws), `(try? x) ?? d` and
/// `try? x` made `try x`, a `catch` block that throws the error again. Lenient, for a value sent as
/// text that converts (`"42"` for an `Int`): the call decodes `LosslessValue<Int>` and keeps it.
struct CaughtEdit {
    let schema: Schema
    let caught: CaughtError

    /// A change of one line of a model file: `line` (1-based) replaced by `lines`.
    struct LineChange {
        var path: String
        var line: Int
        var lines: [String]
        var title: String
        var detail: String
    }

    /// The strict edit, or why there is none.
    func strict() -> Result<LineChange, Unfound> {
        if let wrapper = caught.wrapper { return wrapperRemoved(wrapper) }
        guard let at = caught.caughtAt, let line = line(at.file, at.line) else { return .failure(.noLine) }
        let code = CaughtError.code(line)
        if code.contains("try?") {
            guard let strict = Self.strictTry(line, defaultText: caught.defaultText) else { return .failure(.noLine) }
            return .success(
                LineChange(
                    path: at.file, line: at.line, lines: [strict], title: "Make the call at \(Self.place(at)) throw (`try`, not `try?`)",
                    detail:
                        "the error leaves init(from:) and the decode fails with it, as JSONDecoder threw it; the app sees the bad value instead of a silent nil or default"
                ))
        }
        // A `do { … try … } catch {` around the line: the catch block throws the error again first.
        guard let source = source(at.file) else { return .failure(.noLine) }
        for number in at.line + 1...min(source.count, at.line + 12) {
            let text = source[number - 1]
            let trimmed = CaughtError.code(text).trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("} catch"), trimmed.hasSuffix("{") else { continue }
            let binding = trimmed.dropFirst("} catch".count).dropLast().trimmingCharacters(in: .whitespaces)
            let name: String
            if binding.isEmpty {
                name = "error"
            } else if binding.hasPrefix("let "), binding.dropFirst(4).allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                name = String(binding.dropFirst(4))
            } else {
                return .failure(.catchPattern)
            }
            let indent = String(text.prefix { $0 == " " || $0 == "\t" })
            return .success(
                LineChange(
                    path: at.file, line: number, lines: [text, indent + "    throw \(name)"],
                    title: "Throw the error again in the catch block at \(at.file):\(number)",
                    detail:
                        "the catch block ends the decode with the error JSONDecoder threw; the app sees it instead of the value the block chose"
                ))
        }
        return .failure(.helper)
    }

    /// Why no strict edit is offered.
    enum Unfound: Error {
        /// The line that caught it is not among the model files (a library's wrapper).
        case noLine
        /// A `catch` with a pattern the edit does not rewrite.
        case catchPattern
        /// The error is caught further away (a helper returning `Result`, a function the line calls).
        case helper

        var text: String {
            switch self {
            case .noLine:
                "no strict edit: no line of the model files was found to have caught it (a container overload, a library's code); make that code throw the error again"
            case .catchPattern: "no strict edit: the catch block's pattern is one the edit does not rewrite; throw the error again in it"
            case .helper:
                "no strict edit: the error is caught away from this line (a helper returning Result, a function it calls); make that code throw it again"
            }
        }
    }

    /// The wrapper's attribute taken off the property it is applied to.
    private func wrapperRemoved(_ wrapper: String) -> Result<LineChange, Unfound> {
        for diagnostic in schema.diagnostics {
            guard case .propertyWrapperOrMacro(_, let attribute) = diagnostic.kind,
                String(attribute.prefix { $0 != "<" && $0 != "(" }) == wrapper,
                let text = line(diagnostic.location.file, diagnostic.location.line)
            else { continue }
            if let key = caught.catcherKey, !(text.contains("var \(key):") || text.contains("var \(key) ")) { continue }
            let written = "@" + attribute
            guard let range = text.range(of: written + " ") ?? text.range(of: written) else { continue }
            var edited = text
            edited.removeSubrange(range)
            let property = caught.catcherKey.map { " \($0)" } ?? ""
            let onlyAttribute = edited.trimmingCharacters(in: .whitespaces).isEmpty
            return .success(
                LineChange(
                    path: diagnostic.location.file, line: diagnostic.location.line, lines: onlyAttribute ? [] : [edited],
                    title: "Take @\(wrapper) off\(property) (at \(diagnostic.location.file):\(diagnostic.location.line))",
                    detail:
                        "the property decodes as synthesized code decodes it, and a bad value fails the decode with the error JSONDecoder threw"
                ))
        }
        return .failure(.noLine)
    }

    /// The lenient edit: the failing call decodes `LosslessValue<T>` and takes its `wrappedValue`,
    /// when the value is text (or a number) that converts to `T`; nil otherwise.
    func lenient(payloadConverts: (ScalarType) -> Bool) -> LineChange? {
        guard caught.error.kind == .typeMismatch, caught.wrapper == nil, let at = caught.caughtAt, let line = line(at.file, at.line),
            let call = line.range(of: #"decode\(([A-Za-z0-9]+)\.self"#, options: .regularExpression)
        else { return nil }
        let typeName = String(line[call].dropFirst("decode(".count).dropLast(".self".count))
        guard let scalar = ScalarType(rawValue: typeName), LosslessSemantics.supports(scalar), payloadConverts(scalar),
            let close = Self.closingParenthesis(in: line, from: line.index(call.lowerBound, offsetBy: "decode".count))
        else { return nil }
        let edited: String =
            String(line[..<call.lowerBound]) + "decode(LosslessValue<\(typeName)>.self" + String(line[call.upperBound...close])
            + ".wrappedValue"
            + String(line[line.index(after: close)...])
        return LineChange(
            path: at.file, line: at.line, lines: [edited],
            title: "Read \(typeName) sent as text too, at \(Self.place(at)) (LosslessValue<\(typeName)>)",
            detail:
                "LosslessValue decodes \(typeName) sent as itself or as text (\"42\" for 42), so the value is kept; a value that converts to nothing is still caught as before"
        )
    }

    /// `(try? x) ?? d` and `try? x` as `try x`.
    static func strictTry(_ line: String, defaultText: String?) -> String? {
        if let open = line.range(of: "(try? "), let close = closingParenthesis(in: line, from: open.lowerBound) {
            let inner = line[open.upperBound..<close]
            var rest = line[line.index(after: close)...]
            let trimmed = rest.drop { $0 == " " }
            if trimmed.hasPrefix("??") {
                rest = trimmed.dropFirst(2).drop { $0 == " " }
                if let defaultText, rest.hasPrefix(defaultText) { rest = rest.dropFirst(defaultText.count) } else { return nil }
            }
            return String(line[..<open.lowerBound]) + "try " + inner + rest
        }
        guard let range = line.range(of: "try? ") else { return nil }
        return line.replacingCharacters(in: range, with: "try ")
    }

    /// The `)` closing the `(` at or after `start`.
    static func closingParenthesis(in line: String, from start: String.Index) -> String.Index? {
        var depth = 0
        var index = start
        while index < line.endIndex {
            switch line[index] {
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index = line.index(after: index)
        }
        return nil
    }

    static func place(_ at: ModelLocation) -> String { "\(at.file):\(at.line)" }

    private func source(_ path: String) -> [String]? {
        schema.sources.first { $0.path == path }.map { $0.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    private func line(_ path: String, _ number: Int) -> String? {
        guard let lines = source(path), lines.indices.contains(number - 1) else { return nil }
        return lines[number - 1]
    }

    /// The file change a line change makes (and the lossless helper appended, when `helper` and the
    /// model declares no `LosslessValue`).
    func fileChange(_ change: LineChange, helper: Bool = false) -> FileChange? {
        guard let source = schema.sources.first(where: { $0.path == change.path }) else { return nil }
        var lines = source.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.indices.contains(change.line - 1) else { return nil }
        lines.replaceSubrange(change.line - 1...change.line - 1, with: change.lines)
        var edited = lines.joined(separator: "\n")
        let declared = schema.sources.contains { $0.text.contains("struct LosslessValue") || $0.text.contains("typealias LosslessValue") }
        if helper, !declared {
            if !edited.hasSuffix("\n") { edited += "\n" }
            edited += "\n" + HelperSource.losslessValue.code
        }
        return FileChange(path: source.path, original: source.text, edited: edited)
    }
}
