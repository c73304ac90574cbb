/// The Swift name of a property and the key its CodingKey must hold.
struct PropertyName: Hashable, Sendable {
    /// The property's name, unescaped (``SwiftIdentifier/escaped(_:)`` adds backticks).
    var name: String
    /// What the decoder compares: the payload's key, or with `.convertFromSnakeCase` the key
    /// as that strategy converts it.
    var codingKey: String

    /// Whether the synthesized CodingKeys would not find the key, so an explicit one is needed.
    var needsCodingKey: Bool { name != codingKey }
}

/// Names the properties of one struct: each key as it is when it is a Swift identifier (or,
/// with `.convertFromSnakeCase`, as the strategy converts it), else a lowerCamelCase name with
/// a CodingKey; names made up that way never take one that a key has as it is.
enum PropertyNames {
    static func assign(codingKeys: [String]) -> [PropertyName] {
        var used = Set<String>()
        var names: [String?] = codingKeys.map { key in
            guard SwiftIdentifier.isValid(key), key != "CodingKeys", used.insert(key).inserted else { return nil }
            return key
        }
        for (k, key) in codingKeys.enumerated() where names[k] == nil {
            let base = SwiftIdentifier.lowerCamel(key) ?? "field"
            var candidate = base
            var n = 2
            while used.contains(candidate) || candidate == "CodingKeys" {
                candidate = base + String(n)
                n += 1
            }
            used.insert(candidate)
            names[k] = candidate
        }
        return zip(names, codingKeys).map { PropertyName(name: $0!, codingKey: $1) }
    }
}
