import ModelSchema

/// The value of a property the synthesized `init(from:)` does not decode, read from its
/// initializer when that is a plain literal (`var note = ""`, `let k = 3`), an empty collection
/// (`= []`, `= [:]`, `= [String]()`) or an array of plain literals (`= [1, 2]`); otherwise null.
enum InitialValue {
    static func parse(_ declaration: String) -> DecodedValue {
        guard let equals = declaration.firstIndex(of: "=") else { return .null }
        return literal(declaration[declaration.index(after: equals)...].trimmingCharacters(in: " \t"))
    }

    static func literal(_ text: String) -> DecodedValue {
        if text == "nil" { return .null }
        if text == "[]" { return .array([]) }
        if text == "[:]" { return .dictionary([]) }
        // `[String]()`, `[String: Int]()`, `Array<Int>()`, `[[String: Int]]()`: an empty collection
        // of that type, told apart by the type's structure (the last is an array).
        if text.hasSuffix("()") {
            switch WrittenType(String(text.dropLast(2))).structure {
            case .array?, .set?: return .array([])
            case .dictionary?: return .dictionary([])
            default: break
            }
        }
        if text.count >= 2, text.hasPrefix("["), text.hasSuffix("]"), !text.contains("\\"), !text.contains("[", after: 1),
            let items = elements(text.dropFirst().dropLast())
        {
            let values = items.map(literal)
            return values.contains(.null) ? .null : .array(values)
        }
        if text == "true" || text == "false" { return .bool(text == "true") }
        if let i = Int64(text) { return .signed(i) }
        if let d = Double(text) { return .floating(d, description: "\(d)") }
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\""), !text.dropFirst().dropLast().contains("\\") {
            return .string(String(text.dropFirst().dropLast()))
        }
        return .null
    }
}

extension InitialValue {
    /// The comma-separated elements of an array literal's inside (commas in strings kept); nil
    /// for a dictionary literal.
    fileprivate static func elements(_ inside: Substring) -> [String]? {
        var items: [String] = [], current = "", inString = false
        for c in inside {
            if c == "\"" { inString.toggle() }
            if !inString && c == ":" { return nil }
            if !inString && c == "," {
                items.append(Substring(current).trimmingCharacters(in: " \t\n"))
                current = ""
            } else {
                current.append(c)
            }
        }
        let last = Substring(current).trimmingCharacters(in: " \t\n")
        if !last.isEmpty { items.append(last) }
        return items
    }
}

extension String {
    fileprivate func contains(_ character: Character, after offset: Int) -> Bool {
        dropFirst(offset).contains(character)
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = self
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
