/// The value of a property the synthesized `init(from:)` does not decode, read from its
/// initializer when that is a plain literal (`var note = ""`, `let k = 3`); otherwise null.
enum InitialValue {
    static func parse(_ declaration: String) -> DecodedValue {
        guard let equals = declaration.firstIndex(of: "=") else { return .null }
        let text = declaration[declaration.index(after: equals)...].trimmingCharacters(in: " \t")
        if text == "nil" { return .null }
        if text == "true" || text == "false" { return .bool(text == "true") }
        if let i = Int64(text) { return .signed(i) }
        if let d = Double(text) { return .floating(d, description: "\(d)") }
        if text.count >= 2, text.hasPrefix("\""), text.hasSuffix("\""), !text.dropFirst().dropLast().contains("\\") {
            return .string(String(text.dropFirst().dropLast()))
        }
        return .null
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
