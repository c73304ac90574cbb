import Foundation
import ModelSchema

/// The app's own decoder, as `--decoder` names it (`makeDecoder()`, `API.decoder`), found in the
/// model sources: the function (or computed or initialized property) of that name whose body
/// makes a `JSONDecoder()`. A strategy fix with `--decoder` is an edit of that body (the app's
/// decoder is the truth: its strategies are set in its own code), never a flag.
///
/// Found by reading lines, not by parsing: the edit it makes is compiled and the payload decoded
/// again before it is offered (``CompiledFixVerifier``), so a body this reading gets wrong yields
/// no fix, never a wrong one.
struct DecoderFunction {
    let path: String
    let text: String
    /// The file's lines, each without its `\n` (a CRLF line keeps its `\r`: split by unicode
    /// scalar, since `"\r\n"` is one `Character`).
    let lines: [String]
    /// The line (from 0) of `let decoder = JSONDecoder()`.
    let declaration: Int
    /// The lines (from 0) of the body, the declaration's included.
    let body: Range<Int>
    /// `decoder`: the name the body gives its `JSONDecoder`.
    let variable: String

    /// The declaration of the name the expression calls or reads last (`makeDecoder` of
    /// `API.makeDecoder()`), in the first source that has one making a `JSONDecoder()`.
    static func find(expression: String, in sources: [ModelSource]) -> DecoderFunction? {
        let head = expression.prefix { $0 != "(" }.trimmingCharacters(in: .whitespaces)
        guard let name = head.split(separator: ".").last.map(String.init), !name.isEmpty,
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return nil }
        let declared = try? NSRegularExpression(pattern: "\\b(func\\s+\(name)\\s*[(<]|(let|var)\\s+\(name)\\b)")
        let made = try? NSRegularExpression(
            pattern: "\\b(let|var)\\s+([A-Za-z_][A-Za-z0-9_]*)\\s*(:\\s*JSONDecoder\\s*)?=\\s*JSONDecoder\\(\\)")
        guard let declared, let made else { return nil }
        for source in sources {
            let lines = source.text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
                String(String.UnicodeScalarView($0))
            }
            for (start, line) in lines.enumerated() where Self.matches(declared, line) != nil {
                guard let body = Self.body(from: start, in: lines) else { continue }
                for k in body {
                    let text = lines[k]
                    guard let match = Self.matches(made, text), let range = Range(match.range(at: 2), in: text) else { continue }
                    return DecoderFunction(
                        path: source.path, text: source.text, lines: lines, declaration: k, body: body, variable: String(text[range]))
                }
            }
        }
        return nil
    }

    private static func matches(_ expression: NSRegularExpression, _ text: String) -> NSTextCheckingResult? {
        expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
    }

    /// The lines from the declaration's first `{` to the `}` that closes it (braces in string
    /// literals on a line are skipped).
    private static func body(from start: Int, in lines: [String]) -> Range<Int>? {
        var depth = 0
        var opened = false
        for k in start..<lines.count {
            var inString = false
            var previous: Character = " "
            for c in lines[k] {
                if c == "\"" && previous != "\\" { inString.toggle() }
                previous = c
                guard !inString else { continue }
                if c == "{" {
                    depth += 1
                    opened = true
                } else if c == "}" {
                    depth -= 1
                    if opened && depth == 0 { return start..<(k + 1) }
                }
            }
        }
        return nil
    }

    /// The file with the strategy set in the body: the statement that sets the same property of
    /// the decoder is replaced where it stands (on a line of its own, or among others separated by
    /// `;`, as in a one-line function); else the setting goes right after the `JSONDecoder()`
    /// statement, at its indentation. Nil when the body sets that property with a closure (a
    /// `.custom` one), which this edit would cut.
    func change(setting strategy: DecoderSetting.Strategy) -> FileChange? {
        let property = "\(variable).\(strategy.property.rawValue)"
        let declarationLine = lines[declaration]
        let indent = String(declarationLine.prefix { $0 == " " || $0 == "\t" })
        let ending = declarationLine.hasSuffix("\r") ? "\r" : ""
        let setting = strategy.swift.split(separator: "\n").map { line in
            line.hasPrefix("decoder.") ? variable + line.dropFirst("decoder".count) : String(line)
        }
        var edited = lines
        if let (k, statement) = body.lazy.compactMap({ k in assignment(to: property, in: lines[k]).map { (k, $0) } }).first {
            let line = lines[k]
            guard !line[statement].contains("{") else { return nil }
            let alone =
                line[..<statement.lowerBound].allSatisfy { $0 == " " || $0 == "\t" }
                && line[statement.upperBound...].allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == ";" }
            if alone {
                edited.replaceSubrange(k...k, with: setting.map { indent + $0 + ending })
            } else {
                edited[k] = line.replacingCharacters(in: statement, with: setting.joined(separator: "; "))
            }
        } else if let made = lines[declaration].range(of: "JSONDecoder()"),
            !lines[declaration][made.upperBound...].allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" || $0 == ";" })
        {
            // A one-line body: the setting follows the decoder's statement on its line.
            edited[declaration] = lines[declaration].replacingCharacters(
                in: made.upperBound..<made.upperBound, with: "; " + setting.joined(separator: "; "))
        } else {
            edited.insert(contentsOf: setting.map { indent + $0 + ending }, at: declaration + 1)
        }
        let result = edited.joined(separator: "\n")
        return result == text ? nil : FileChange(path: path, original: text, edited: result)
    }

    /// The statement `property = value` in a line: from the property to the `;` that ends it (or
    /// the line's end, or the `}` closing a one-line body), outside string literals.
    private func assignment(to property: String, in line: String) -> Range<String.Index>? {
        var searchFrom = line.startIndex
        while let found = line.range(of: property, range: searchFrom..<line.endIndex) {
            searchFrom = found.upperBound
            // Not a longer name (`decoder.dateDecodingStrategyX`), and not preceded by a name character.
            if found.lowerBound > line.startIndex {
                let before = line[line.index(before: found.lowerBound)]
                if before.isLetter || before.isNumber || before == "_" || before == "." { continue }
            }
            let rest = line[found.upperBound...].drop { $0 == " " }
            guard rest.first == "=", rest.dropFirst().first != "=" else { continue }
            var end = rest.startIndex
            var inString = false
            var depth = 0
            var previous: Character = " "
            while end < line.endIndex {
                let c = line[end]
                if c == "\"" && previous != "\\" { inString.toggle() }
                previous = c
                if !inString {
                    if c == "{" || c == "(" || c == "[" { depth += 1 }
                    if c == ")" || c == "]" { depth -= 1 }
                    if c == "}" {
                        if depth == 0 { break }
                        depth -= 1
                    }
                    if c == ";" && depth == 0 { break }
                }
                end = line.index(after: end)
            }
            var upper = end
            while upper > found.upperBound, line[line.index(before: upper)] == " " || line[line.index(before: upper)] == "\r" {
                upper = line.index(before: upper)
            }
            return found.lowerBound..<upper
        }
        return nil
    }
}
