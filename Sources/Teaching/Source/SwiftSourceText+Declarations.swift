import ModelSchema

/// The pieces of a stored property's declaration that fixes edit.
struct PropertyDeclaration {
    /// `let` or `var`.
    var keyword: Range<Int>
    /// Where an attribute goes: before the modifiers (`private`, `public`) and the keyword.
    var attributeInsertion: Int
    /// The written type after `name:`.
    var type: Range<Int>
    /// Nothing but the line's end or a comment follows the type (no `= value`, no second binding).
    var standsAlone: Bool
}

extension SwiftSourceText {
    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "final", "nonisolated",
        "weak", "unowned", "dynamic", "override", "required", "set", "unsafe",
    ]

    /// The declaration of the property whose name starts at `nameOffset`.
    func property(at nameOffset: Int) -> PropertyDeclaration? {
        guard let keyword = word(before: nameOffset), ["let", "var"].contains(string(keyword)) else { return nil }
        let nameEnd = identifierEnd(from: nameOffset)
        var i = skipSpaces(from: nameEnd)
        guard i < bytes.count, bytes[i] == 0x3A else { return nil }
        i = skipSpaces(from: i + 1)
        guard let type = typeRange(from: i) else { return nil }
        let after = skipSpaces(from: type.upperBound)
        let standsAlone =
            after >= bytes.count || bytes[after] == 0x0A || bytes[after] == 0x0D || bytes[after] == 0x3B
            || bytes[after] == 0x7D
            || (bytes[after] == 0x2F && after + 1 < bytes.count && (bytes[after + 1] == 0x2F || bytes[after + 1] == 0x2A))
        var insertion = keyword.lowerBound
        var cursor = keyword.lowerBound
        while true {
            var end = cursor
            while end > 0, Self.isSpace(bytes[end - 1]) { end -= 1 }
            if end > 0, bytes[end - 1] == 0x29 {
                var open = end - 1
                while open > 0, bytes[open] != 0x28 { open -= 1 }
                end = open
            }
            guard let w = word(before: end), Self.modifiers.contains(string(w)),
                !string(w.upperBound..<cursor).contains("\n")
            else { break }
            insertion = w.lowerBound
            cursor = w.lowerBound
        }
        return PropertyDeclaration(keyword: keyword, attributeInsertion: insertion, type: type, standsAlone: standsAlone)
    }

    /// The written type starting at `start`: up to `=`, `,`, `;`, `{`, `}`, a comment or the
    /// line's end, outside brackets; `->` does not close an angle bracket.
    func typeRange(from start: Int) -> Range<Int>? {
        var i = start, depth = 0
        scan: while i < bytes.count {
            let b = bytes[i]
            switch b {
            case 0x3C, 0x5B, 0x28: depth += 1
            case 0x3E, 0x5D, 0x29: depth -= 1
            case 0x2D where i + 1 < bytes.count && bytes[i + 1] == 0x3E: i += 2; continue
            case 0x3D, 0x2C, 0x3B, 0x7B, 0x7D, 0x0A, 0x0D: if depth <= 0 { break scan }
            case 0x2F where i + 1 < bytes.count && (bytes[i + 1] == 0x2F || bytes[i + 1] == 0x2A): if depth <= 0 { break scan }
            default: break
            }
            i += 1
        }
        var end = i
        while end > start, Self.isSpace(bytes[end - 1]) { end -= 1 }
        return end > start ? start..<end : nil
    }

    /// Text that adds member lines just before the closing brace of a body.
    ///
    /// A body closed on its own line gets the lines above that line; a one-line body
    /// (`struct A { let x: Int }`) is opened up. Lines are indented like the body's members.
    func insertingMembers(_ lines: [String], body: (open: Int, close: Int)) -> TextEdit {
        let closeIndent = indentation(of: body.close)
        var memberIndent = closeIndent + "    "
        let firstLine = skipSpaces(from: body.open + 1)
        if firstLine < bytes.count, bytes[firstLine] == 0x0A {
            let next = skipSpaces(from: firstLine + 1, newlines: true)
            if next < body.close { memberIndent = indentation(of: next) }
        }
        let block = lines.map { $0.isEmpty ? "" : memberIndent + $0 }.joined(separator: "\n")
        let closeLineStart = lineStart(of: body.close)
        if closeLineStart > body.open, string(closeLineStart..<body.close).allSatisfy({ $0 == " " || $0 == "\t" }) {
            let previousEnd = closeLineStart - 1
            let previous = string(lineStart(of: previousEnd)..<previousEnd).filter { $0 != "\r" }.trimmedSpaces()
            let blankBefore = previous.isEmpty || previous.hasSuffix("{") ? "" : "\n"
            return TextEdit(range: closeLineStart..<closeLineStart, replacement: blankBefore + block + "\n")
        }
        return TextEdit(range: body.close..<body.close, replacement: "\n" + block + "\n" + closeIndent)
    }
}

extension String {
    func trimmedSpaces() -> String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
