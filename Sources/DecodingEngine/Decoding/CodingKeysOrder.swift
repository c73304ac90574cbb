import ModelSchema

/// The order of the cases of a type's own `enum CodingKeys`, read from its source.
///
/// The synthesized `init(from:)` decodes in the order of `CodingKeys`' cases, not of the
/// properties: with `case displayName = "display_name", productID = "product_id"` and both
/// keys missing, the error is about `display_name`. The schema lists properties in
/// declaration order, so the engine reorders them by this.
enum CodingKeysOrder {
    /// Case names in declaration order; nil when the type declares no `CodingKeys`.
    static func caseNames(of type: TypeSchema, in sources: [ModelSource]) -> [String]? {
        guard let source = sources.first(where: { $0.path == type.location.file }) else { return nil }
        let bytes = Array(source.text.utf8)
        var line = 1
        var offset = 0
        while line < type.location.line, offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "\n") { line += 1 }
            offset += 1
        }
        offset += type.location.column - 1
        guard let body = block(after: offset, in: bytes) else { return nil }
        // Depth-1 text of the type's body, to find its own CodingKeys (not a nested type's).
        var depth = 0
        var k = body.lowerBound
        while k < body.upperBound {
            let b = bytes[k]
            if b == UInt8(ascii: "{") { depth += 1 } else if b == UInt8(ascii: "}") { depth -= 1 }
            if depth == 0, matches("enum CodingKeys", at: k, in: bytes), let keys = block(after: k, in: bytes) {
                return names(in: String(decoding: bytes[keys], as: UTF8.self))
            }
            k += 1
        }
        return nil
    }

    /// The bytes between the first `{` at or after `offset` and its matching `}`.
    private static func block(after offset: Int, in bytes: [UInt8]) -> Range<Int>? {
        guard offset < bytes.count, let open = bytes[offset...].firstIndex(of: UInt8(ascii: "{")) else { return nil }
        var depth = 0
        var inString = false
        for k in open..<bytes.count {
            let b = bytes[k]
            if b == UInt8(ascii: "\"") && bytes[k - 1] != UInt8(ascii: "\\") { inString.toggle() }
            if inString { continue }
            if b == UInt8(ascii: "{") { depth += 1 }
            if b == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return (open + 1)..<k }
            }
        }
        return nil
    }

    private static func matches(_ word: String, at k: Int, in bytes: [UInt8]) -> Bool {
        let w = Array(word.utf8)
        guard k + w.count <= bytes.count, Array(bytes[k..<k + w.count]) == w else { return false }
        return k + w.count == bytes.count || !(bytes[k + w.count].isLetterOrDigit)
    }

    /// `case a = "x", b` → ["a", "b"], string literals and comments ignored.
    private static func names(in body: String) -> [String] {
        var cleaned = ""
        var inString = false
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
            for ch in code {
                if ch == "\"" { inString.toggle(); continue }
                if !inString { cleaned.append(ch) }
            }
            cleaned.append(";")
        }
        var result: [String] = []
        for statement in cleaned.split(separator: ";") {
            let trimmed = statement.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("case ") else { continue }
            for part in trimmed.dropFirst(5).split(separator: ",") {
                let name = part.split(separator: "=").first.map { $0.trimmingSpaces() } ?? ""
                if !name.isEmpty { result.append(name.replacingBackticks()) }
            }
        }
        return result
    }
}

private extension UInt8 {
    var isLetterOrDigit: Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(self) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || self == UInt8(ascii: "_")
    }
}

private extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

private extension String {
    func replacingBackticks() -> String { filter { $0 != "`" } }
}
