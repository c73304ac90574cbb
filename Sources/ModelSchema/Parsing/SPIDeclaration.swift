/// A type declared behind an SPI (`@_spi(NAME)` on it, or on a type or extension around it): another
/// module reaches it only through `@_spi(NAME) import`, even a `@testable` one.
public struct SPIDeclaration: Sendable, Hashable {
    /// `WireMessage`, `Outer.Inner`.
    public var qualifiedName: String
    public var spi: String
    public var location: ModelLocation

    /// Every type of `sources` declared behind an SPI, in the order of the sources.
    public static func all(in sources: [ModelSource]) -> [SPIDeclaration] {
        // Only a file that says `@_spi(` can declare one: the others are not parsed.
        let index = DeclarationIndex(sources: sources.filter { $0.text.contains("@_spi(") })
        return index.typeOrder.compactMap { name in
            guard let type = index.types[name], let spi = type.spi else { return nil }
            return SPIDeclaration(qualifiedName: name, spi: spi, location: index.location(type.node, file: type.file))
        }
    }

    /// Whether `typeExpression` names this type, alone or inside another (`WireMessage`,
    /// `Models.WireMessage`, `[WireMessage]`, `Envelope<WireMessage>?`).
    public func isNamed(in typeExpression: String) -> Bool {
        var names: [String] = []
        var current = ""
        for character in typeExpression {
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                current.append(character)
            } else {
                names.append(current)
                current = ""
            }
        }
        names.append(current)
        return names.contains { $0 == qualifiedName || $0.hasSuffix("." + qualifiedName) }
    }
}
