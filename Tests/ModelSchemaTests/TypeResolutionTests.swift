import Testing

@testable import ModelSchema

@Suite("Resolving type names and type expressions")
struct TypeResolutionTests {
    static let models = """
        import Foundation
        struct Song: Codable { let title: String }
        struct PageEntity<E: Decodable>: Decodable { let items: [E]; let next: URL? }
        enum ProductCategory: Codable {
            case none
            struct Product: Codable { let id: UUID; let tags: Set<String>; let related: [Product] }
            struct Shelf: Codable { let products: [Product]; let byName: [String: Product] }
        }
        struct Product: Codable { let name: String }
        typealias Songs = [Song]
        typealias Page<T: Decodable> = PageEntity<T>
        struct Plain { let x: Int }
        """

    @Test(
        "type expressions as a user types them",
        arguments: [
            ("Product", "Product", "Product"),
            ("ProductCategory.Product", "Product", "ProductCategory.Product"),
            ("[Product]", "Array<Product>", "[Product]"),
            ("[String: Product]", "Dictionary<String, Product>", "[String: Product]"),
            ("PageEntity<Song>", "PageEntity<Song>", "PageEntity<Song>"),
            ("Product?", "Optional<Product>", "Product?"),
            ("[Int]", "Array<Int>", "[Int]"),
            ("Set<String>", "Set<String>", "Set<String>"),
            ("Songs", "Array<Song>", "[Song]"),
            ("Page<Song>", "PageEntity<Song>", "PageEntity<Song>"),
            ("Swift.Optional<Foundation.Date>", "Optional<Date>", "Date?"),
        ])
    func resolves(_ expression: String, _ description: String, _ spelling: String) throws {
        let ref = try schema(Self.models).resolve(expression)
        #expect(ref.description == description)
        #expect(ref.swiftSpelling == spelling)
    }

    @Test(
        "errors for unknown, malformed and non-Decodable expressions",
        arguments: [
            ("Prodcut", TypeExpressionError.unknownType("Prodcut", nearMatches: ["Product", "ProductCategory.Product"])),
            ("[Product", .syntax(expression: "[Product")),
            ("PageEntity", .wrongGenericArgumentCount("PageEntity", expected: 1, found: 0)),
            ("Plain", .notDecodable("Plain")),
            ("PageEntity<Plain>", .notDecodable("PageEntity<Plain>")),
        ])
    func failures(_ expression: String, _ error: TypeExpressionError) {
        #expect(throws: error) { try schema(Self.models).resolve(expression) }
    }

    @Test("inside a nested scope the innermost declaration wins")
    func innermostFirst() throws {
        let shelf = try #require(schema(Self.models).types["ProductCategory.Shelf"])
        #expect(
            shelf.properties.map(\.type) == [
                .array(.named(qualifiedName: "ProductCategory.Product", arguments: [])),
                .dictionary(key: .scalar(.string), value: .named(qualifiedName: "ProductCategory.Product", arguments: [])),
            ])
    }

    @Test("generic arguments are substituted into property types")
    func instantiation() throws {
        let s = schema(Self.models)
        let page = try #require(s.typeSchema(for: try s.resolve("PageEntity<Song>")))
        #expect(page.decodedProperties.map { $0.type?.description } == ["Array<Song>", "Optional<URL>"])
    }

    @Test("decodable type names for a picker exclude types that are not Decodable")
    func picker() {
        #expect(
            schema(Self.models).decodableTypeNames == [
                "PageEntity", "Product", "ProductCategory", "ProductCategory.Product", "ProductCategory.Shelf", "Song",
            ])
    }
}
