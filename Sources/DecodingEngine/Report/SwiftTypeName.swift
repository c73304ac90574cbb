import Foundation

/// A type name as the runtime prints it (`Array<Track>`, `Optional<Dictionary<String, Int>>`),
/// written as Swift code writes it (`[Track]`, `[String: Int]?`), for explanations.
public enum SwiftTypeName {
    /// `Array<X>` as `[X]`, `Dictionary<K, V>` as `[K: V]`, `Optional<X>` as `X?`, at any depth;
    /// anything else as it is.
    public static func sugared(_ name: String) -> String {
        let text = name.trimmingCharacters(in: .whitespaces)
        guard let open = text.firstIndex(of: "<"), text.hasSuffix(">") else { return text }
        let head = String(text[..<open])
        let arguments = split(String(text[text.index(after: open)..<text.index(before: text.endIndex)])).map(sugared)
        switch (head, arguments.count) {
        case ("Array", 1), ("Swift.Array", 1): return "[\(arguments[0])]"
        case ("Dictionary", 2), ("Swift.Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
        case ("Optional", 1), ("Swift.Optional", 1):
            let wrapped = arguments[0]
            return wrapped.contains(" ") && !wrapped.hasPrefix("[") ? "(\(wrapped))?" : wrapped + "?"
        default: return "\(head)<\(arguments.joined(separator: ", "))>"
        }
    }

    /// Foundation's name of an expected type as a phrase: `Array<Any>` and
    /// `Dictionary<String, Any>` (Foundation's words for any array or object, which name no element
    /// type) as "an array" and "an object", others as "a value of type [Track]".
    public static func phrase(foundation type: String) -> String {
        isContainerWording(type) ? short(foundation: type) : "a value of type \(sugared(type))"
    }

    /// Foundation's name of an expected type, for a few words: `Array<Any>` as "an array",
    /// `Dictionary<String, Any>` as "an object", others sugared (`[Track]`).
    public static func short(foundation type: String) -> String {
        isContainerWording(type) ? (type.hasPrefix("Array") ? "an array" : "an object") : sugared(type)
    }

    /// Whether Foundation's expected type is its wording for any array or object.
    public static func isContainerWording(_ type: String) -> Bool {
        type == "Array<Any>" || type == "Dictionary<String, Any>"
    }

    /// The top-level comma-separated parts of a generic argument list.
    private static func split(_ list: String) -> [String] {
        var parts: [String] = []
        var depth = 0
        var current = ""
        for c in list {
            if c == "<" || c == "[" || c == "(" { depth += 1 }
            if c == ">" || c == "]" || c == ")" { depth -= 1 }
            if c == ",", depth == 0 {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(c)
            }
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        return parts
    }
}
