import JSONTree

/// A payload value as an explanation quotes it: its JSON kind and its text, abbreviated and
/// safe to print (control, bidi and invisible characters escaped).
///
/// `"189.84"` reads `a string, "189.84"`; `{}` reads `an empty object {}`; a long string is cut
/// after 40 characters with `…`; an object lists its first keys.
struct ValueSummary {
    static let textLimit = 40
    static let keyLimit = 6

    let tree: JSONTree
    let node: NodeID

    var kind: NodeKind { tree.kind(node) }

    /// `a string, "189.84"`, `the number 300`, `null`, `an object with keys "type", "radius"`.
    var phrase: String {
        switch kind {
        case .string: return "a string, \(text)"
        case .number: return "the number \(text)"
        case .bool: return "the boolean \(text)"
        case .null: return "null"
        case .object:
            let keys = Self.keyList(tree.children(node).compactMap { tree.key($0) })
            return keys.isEmpty ? "an empty object {}" : "an object with keys \(keys)"
        case .array:
            let count = tree.childCount(node)
            return count == 0 ? "an empty array []" : "an array of \(count) element\(count == 1 ? "" : "s")"
        }
    }

    /// The value's source text, abbreviated and terminal-safe.
    var text: String {
        switch kind {
        case .object: return tree.childCount(node) == 0 ? "{}" : "{…}"
        case .array: return tree.childCount(node) == 0 ? "[]" : "[…]"
        case .string: return Self.quoted(tree.stringValue(node) ?? "")
        default: return Self.abbreviated(TerminalSafeText.escape(tree.rawText(node)))
        }
    }

    /// A string as a Swift literal (``Quoted/swift(_:asciiOnly:)``), abbreviated inside the quotes:
    /// `"n/a"`, `""`, `"\u{1B}[2J"`, `"long te…"`.
    static func quoted(_ s: String) -> String {
        guard s.unicodeScalars.count > textLimit else { return Quoted.swift(s) }
        let cut = String(String.UnicodeScalarView(s.unicodeScalars.prefix(textLimit)))
        return Quoted.swift(cut).dropLast() + "…\""
    }

    static func abbreviated(_ s: String) -> String {
        s.count > textLimit ? String(s.prefix(textLimit)) + "…" : s
    }

    /// `"a", "b", "c"` and `… (12 keys)` past the limit.
    static func keyList(_ keys: [String]) -> String {
        guard !keys.isEmpty else { return "" }
        let shown = keys.prefix(keyLimit).map(quoted).joined(separator: ", ")
        return keys.count > keyLimit ? shown + ", … (\(keys.count) keys)" : shown
    }
}
