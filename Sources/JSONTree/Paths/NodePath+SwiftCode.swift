extension NodePath {
    /// Swift code that walks a `Decoder` to this path with nested containers and decodes a
    /// `typeName` there, as a model's `init(from:)` would.
    ///
    /// The snippet declares the `AnyKey` coding key it uses (and `Skip`, which moves an unkeyed
    /// container past an element without reading it), then runs in any throwing function that
    /// has a `decoder`, ending with `let value = try ...decode(typeName.self, ...)`:
    ///
    ///     let c0 = try decoder.container(keyedBy: AnyKey.self)
    ///     var c1 = try c0.nestedUnkeyedContainer(forKey: AnyKey("results"))
    ///     _ = try c1.decode(Skip.self)
    ///     let value = try c1.decode(Product.self)
    ///
    /// A bare number not yet settled by ``resolved(in:)`` is taken as a key. Keys are written
    /// as Swift string literals with control and invisible characters escaped.
    public func swiftCode(decoding typeName: String) -> String {
        let type = TerminalSafeText.escape(typeName)
        var lines: [String] = []
        let usesKeys = components.contains { if case .index = $0 { false } else { true } }
        let skips = components.contains { if case let .index(n) = $0 { n > 0 } else { false } }
        if usesKeys {
            lines += [
                "struct AnyKey: CodingKey {",
                "    var stringValue: String",
                "    var intValue: Int?",
                "    init(_ key: String) { stringValue = key }",
                "    init(stringValue: String) { self.stringValue = stringValue }",
                "    init?(intValue: Int) { stringValue = \"Index \\(intValue)\"; self.intValue = intValue }",
                "}",
            ]
        }
        if skips {
            lines.append("/// Moves an unkeyed container past one element without reading it.")
            lines.append("struct Skip: Decodable { init(from decoder: any Decoder) {} }")
        }
        lines.append("// Walks to \(description) and decodes \(type) there.")
        guard let first = components.first else {
            lines.append("let value = try \(type)(from: decoder)")
            return lines.joined(separator: "\n") + "\n"
        }
        lines.append(
            Self.isKeyed(first)
                ? "let c0 = try decoder.container(keyedBy: AnyKey.self)"
                : "var c0 = try decoder.unkeyedContainer()")
        for (k, component) in components.enumerated() {
            let container = "c\(k)"
            var keyArgument = ""
            if case let .index(n) = component {
                if n == 1 {
                    lines.append("_ = try \(container).decode(Skip.self)")
                } else if n > 1 {
                    lines.append("for _ in 0..<\(n) { _ = try \(container).decode(Skip.self) }")
                }
            } else {
                keyArgument = "forKey: AnyKey(\(Quoted.swift(component.keyText ?? "")))"
            }
            let comma = keyArgument.isEmpty ? "" : ", "
            guard k + 1 < components.count else {
                lines.append("let value = try \(container).decode(\(type).self\(comma)\(keyArgument))")
                break
            }
            let next = "c\(k + 1)"
            if Self.isKeyed(components[k + 1]) {
                lines.append("let \(next) = try \(container).nestedContainer(keyedBy: AnyKey.self\(comma)\(keyArgument))")
            } else {
                lines.append("var \(next) = try \(container).nestedUnkeyedContainer(\(keyArgument))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func isKeyed(_ component: Component) -> Bool {
        if case .index = component { false } else { true }
    }
}
