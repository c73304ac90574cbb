import Testing

@testable import ModelInference

/// Nested types are named after their keys, singular for elements, never twice, and never a
/// name Swift or Foundation already has.
@Suite("infer: type names")
struct NamingTests {
    static let singulars: [(plural: String, singular: String)] = [
        ("Products", "Product"), ("Categories", "Category"), ("Addresses", "Address"), ("Statuses", "Status"),
        ("Boxes", "Box"), ("Matches", "Match"), ("LineItems", "LineItem"), ("People", "Person"), ("Skus", "Sku"),
        ("Houses", "House"), ("Movies", "Movie"), ("Indices", "Index"), ("Data", "DataElement"), ("Media", "MediaElement"),
        ("Series", "SeriesElement"), ("Status", "StatusElement"), ("Grid", "GridElement"), ("GridElement", "GridElement"),
        ("Analysis", "AnalysisElement"),
    ]

    @Test("the element of", arguments: singulars.indices)
    func singular(_ k: Int) {
        let (plural, singular) = Self.singulars[k]
        #expect(TypeNames.singular(plural) == singular)
    }

    static let upperCamel: [(key: String, name: String)] = [
        ("line_items", "LineItems"), ("inStock", "InStock"), ("content-type", "ContentType"), ("URLPath", "URLPath"),
        ("billing_portal.session", "BillingPortalSession"), ("3d_secure", "Type3dSecure"), ("@type", "Type"), ("", "Value"),
        ("名前", "Value"),
    ]

    @Test("the type name for key", arguments: upperCamel.indices)
    func typeName(_ k: Int) {
        let (key, name) = Self.upperCamel[k]
        #expect(TypeNames.upperCamel(key) == name)
    }

    @Test func nestedTypesAreNamedFromTheirKeys() throws {
        let source = try Inference.source(#"{"line_items": [{"sku": "a", "discount": {"code": "X"}}]}"#)
        #expect(Inference.properties("Root", in: source) == ["let line_items: [LineItem]"])
        #expect(Inference.properties("LineItem", in: source) == ["let sku: String", "let discount: Discount"])
    }

    @Test func namesSwiftAndFoundationUseAreNotTaken() throws {
        let source = try Inference.source(
            #"{"data": {"a": 1}, "date": {"b": 2}, "url": {"c": 3}, "type": {"d": 4}, "self": {"e": 5}, "result": {"f": 6}}"#)
        #expect(
            Inference.properties("Root", in: source) == [
                "let data: RootData", "let date: RootDate", "let url: Url", "let type: RootType", "let `self`: RootSelf",
                "let result: RootResult",
            ])
    }

    @Test func theShallowerTypeGetsThePlainNameTheDeeperOneIsPrefixed() throws {
        let source = try Inference.source(#"{"customer": {"address": {"street": "s"}}, "address": {"city": "c"}}"#)
        #expect(Inference.properties("Address", in: source) == ["let city: String"])
        #expect(Inference.properties("CustomerAddress", in: source) == ["let street: String"])
    }

    @Test func aTypeInsideOneOfItsOwnNameIsNumbered() throws {
        let source = try Inference.source(#"{"nodes": [{"id": 1, "nodes": [{"id": 2, "nodes": [{"name": "leaf"}]}]}]}"#)
        #expect(Inference.properties("Node", in: source) == ["let id: Int", "let nodes: [Node2]"])
        #expect(Inference.properties("Node2", in: source) == ["let id: Int", "let nodes: [Node3]"])
        #expect(Inference.properties("Node3", in: source) == ["let name: String"])
    }

    @Test func identicalTypesAreDeclaredOnce() throws {
        let source = try Inference.source(#"{"billing": {"city": "a"}, "shipping": {"city": "b"}}"#)
        #expect(Inference.properties("Root", in: source) == ["let billing: Billing", "let shipping: Billing"])
        #expect(!source.contains("struct Shipping"))
    }

    @Test func noTwoTypesShareAName() throws {
        let source = try Inference.source(#"{"a": {"item": {"x": 1}}, "b": {"item": {"y": 1}}, "c": {"item": {"z": 1}}, "item": {"w": 1}}"#)
        let names = source.split(separator: "\n").filter { $0.hasPrefix("struct ") }.map { $0.split(separator: ":")[0] }
        #expect(
            names == ["struct Root", "struct A", "struct B", "struct C", "struct Item", "struct AItem", "struct BItem", "struct CItem"])
    }

    @Test func theRootNameIsTheCallers() throws {
        let models = try Inference.models(#"{"a": 1}"#, .init(rootName: "Payload"))
        #expect(models.rootTypeName == "Payload")
        #expect(models.typeNames == ["Payload"])
        #expect(models.swiftSource.contains("struct Payload: Codable {"))
    }

    static let badRootNames = ["Data", "String", "root type", "1st", "class", "", "Self", "UnknownValue"]

    @Test("a root name that cannot be", arguments: badRootNames)
    func badRootName(_ name: String) {
        #expect(throws: InferenceError.self) { try Inference.models("{}", .init(rootName: name)) }
    }
}
