/// Type names made from keys: UpperCamelCase, singular for the elements of arrays, never a
/// name Swift or Foundation already uses.
enum TypeNames {
    /// Names a generated type must not take: it would shadow the standard library's or
    /// Foundation's type for the generated code itself (`Data`, `Date`, `URL`, `Decoder`...)
    /// or for the user's code around it, or it is a keyword in type position.
    static let reserved: Set<String> = [
        // Keywords and special names in type position.
        "Any", "AnyObject", "Self", "Type", "Protocol", "Sendable", "Never", "Void",
        // The standard library.
        "String", "Substring", "Character", "Int", "Int8", "Int16", "Int32", "Int64", "Int128", "UInt", "UInt8",
        "UInt16", "UInt32", "UInt64", "UInt128", "Double", "Float", "Float16", "Float80", "Bool", "Array",
        "Dictionary", "Set", "Optional", "Result", "Error", "Range", "ClosedRange", "Sequence", "Collection",
        "Codable", "Decodable", "Encodable", "Decoder", "Encoder", "CodingKey", "CodingKeys", "CodingUserInfoKey",
        "DecodingError", "EncodingError", "KeyedDecodingContainer", "KeyedEncodingContainer",
        "SingleValueDecodingContainer", "SingleValueEncodingContainer", "UnkeyedDecodingContainer",
        "UnkeyedEncodingContainer", "Hashable", "Equatable", "Comparable", "Identifiable", "AnyHashable",
        "Element", "Key", "Value", "Index", "Iterator", "Mirror", "Unicode", "Duration", "Task", "Actor",
        "MainActor", "Optional", "ObjectIdentifier", "StaticString", "Slice", "Span",
        // Foundation.
        "Data", "Date", "URL", "UUID", "Decimal", "Locale", "TimeZone", "Calendar", "DateFormatter",
        "ISO8601DateFormatter", "DateComponents", "DateInterval", "JSONDecoder", "JSONEncoder",
        "JSONSerialization", "Formatter", "NumberFormatter", "Measurement", "Unit", "Notification",
        "NotificationCenter", "Bundle", "Operation", "OperationQueue", "Process", "ProcessInfo", "Thread",
        "Timer", "RunLoop", "FileManager", "FileHandle", "Pipe", "Host", "Port", "Stream", "InputStream",
        "OutputStream", "URLRequest", "URLResponse", "HTTPURLResponse", "URLSession", "URLComponents",
        "URLQueryItem", "IndexPath", "IndexSet", "CharacterSet", "AttributedString", "Progress", "Scanner",
        "Expression", "Predicate", "NSObject", "NSNumber", "NSNull", "NSString", "NSArray", "NSDictionary",
        "NSError", "NSRange", "ObjCBool", "PersonNameComponents", "UserDefaults", "NSDecimalNumber",
        // What the generated code itself declares.
        "UnknownValue", "DateFormats",
    ]

    /// A key as an UpperCamelCase name: `line_items` → `LineItems`; `3d` → `Type3d`; a key with
    /// no ASCII letters or digits → `Value`.
    static func upperCamel(_ key: String) -> String {
        let words = SwiftIdentifier.words(key)
        guard !words.isEmpty else { return "Value" }
        let name = words.map(SwiftIdentifier.uppercasingFirst).joined()
        return SwiftIdentifier.isDigit(name.utf8.first!) ? "Type" + name : name
    }

    /// The name for one element of a collection named `name`: `Products` → `Product`,
    /// `Categories` → `Category`, `Addresses` → `Address`; a name that is not a plural gets
    /// `suffix` instead (`Data` → `DataElement`).
    static func singular(_ name: String, suffix: String = "Element") -> String {
        if name.hasSuffix(suffix) { return name }
        let single = singularized(name)
        return single == name || single.isEmpty ? name + suffix : single
    }

    private static let irregular: [String: String] = [
        "people": "person", "children": "child", "men": "man", "women": "woman", "feet": "foot", "teeth": "tooth",
        "mice": "mouse", "geese": "goose", "indices": "index", "matrices": "matrix", "vertices": "vertex",
        "criteria": "criterion", "phenomena": "phenomenon", "analyses": "analysis", "axes": "axis", "bases": "base",
        "movies": "movie", "cookies": "cookie", "ties": "tie", "pies": "pie", "lies": "lie", "dies": "die",
    ]
    private static let unchanged: Set<String> = [
        "series", "species", "news", "data", "media", "status", "bus", "gas", "alias", "canvas", "analysis",
        "basis", "axis", "bonus", "campus", "census", "virus", "corpus", "focus", "radius", "plus", "minus", "nexus",
        "genius", "cactus", "octopus", "prospectus", "apparatus", "thus", "us", "always", "has",
        "is", "was", "its", "this", "yes", "less", "class", "address", "access", "process", "success", "business",
    ]

    /// The last word of an UpperCamelCase name made singular, keeping the rest.
    static func singularized(_ name: String) -> String {
        let words = SwiftIdentifier.words(name)
        guard let last = words.last else { return name }
        let prefix = String(name.dropLast(last.count))
        let lower = last.lowercased()
        func keepCase(_ replacement: String) -> String {
            // CATEGORIES → CATEGORY; Categories → Category.
            let upper = last.utf8.allSatisfy { !SwiftIdentifier.isLower($0) }
            let body = upper ? replacement.uppercased() : String(last.prefix(1)) + replacement.dropFirst()
            return prefix + body
        }
        if let single = irregular[lower] { return keepCase(single) }
        if unchanged.contains(lower) || lower.count < 3 { return name }
        if lower.hasSuffix("ies") { return keepCase(String(lower.dropLast(3)) + "y") }
        for ending in ["sses", "xes", "ches", "shes", "zzes", "tuses", "nuses", "ruses", "buses", "cuses", "suses"]
        where lower.hasSuffix(ending) {
            return keepCase(String(lower.dropLast(2)))
        }
        if lower.hasSuffix("ss") || lower.hasSuffix("is") { return name }
        if lower.hasSuffix("s") { return keepCase(String(lower.dropLast())) }
        return name
    }

    /// Why a name cannot be the root type's name, or nil when it can.
    static func problem(withRootName name: String) -> String? {
        if !SwiftIdentifier.isValid(name) { return "a type name is an ASCII identifier: a letter or _ first, then letters, digits, _" }
        if reserved.contains(name) || SwiftIdentifier.keywords.contains(name) { return "Swift or Foundation already uses it" }
        return nil
    }
}
