import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Testing

@testable import DecodeWorker
@testable import Teaching

/// One answer to "what did the decode read this node as, and which property read it": the
/// engine's ``NodeTypes``, which Teaching (explanations, fixes, warnings), the stepping view's
/// walkthroughs and the worker's value lookup all read.
///
/// The model is one where the three used to disagree: a `let` with an initial value is not
/// decoded by the synthesized `init(from:)`, so `JSONDecoder` never reads `extra` (Foundation
/// decodes the payload below although `extra.id` is a string). Teaching's own walk used to type
/// `extra` as `Extra` and its `id` as `Int`; the walkthrough and the value lookup skipped it.
@Suite struct NodeTypesAgreementTests {
    struct Extra: Decodable { let id: Int }
    struct Holder: Decodable {
        let id: Int
        let tags: [String]
        let extra: Extra? = nil
    }

    static let model = """
        struct Extra: Decodable { let id: Int }
        struct Holder: Decodable {
            let id: Int
            let tags: [String]
            let extra: Extra? = nil
        }
        """
    static let payload = #"{"id": 1, "tags": ["a", "b"], "extra": {"id": "not a number"}}"#

    @Test("the engine types what JSONDecoder reads, and Teaching, walkthroughs and the value lookup read that")
    func oneAnswer() throws {
        let bytes = Array(Self.payload.utf8)
        // Foundation decodes it: `extra` is not read at all.
        let decoded = try JSONDecoder().decode(Holder.self, from: Data(bytes))
        #expect(decoded.id == 1 && decoded.extra == nil)

        let schema = Schema(sources: [ModelSource(path: "Holder.swift", text: Self.model)])
        let type = try schema.resolve("Holder")
        let tree = try JSONTree.parse(bytes)
        let id = try #require(tree.member(tree.root, key: "id"))
        let tags = try #require(tree.member(tree.root, key: "tags"))
        let extra = try #require(tree.member(tree.root, key: "extra"))
        let extraID = try #require(tree.member(extra, key: "id"))

        // The export, from a first-error decode (the explorer's) and a traced one (the stepping view's).
        for options in [DecodeOptions(recordsNodeTypes: true), DecodeOptions(tracesCalls: true)] {
            let report = DecodingEngine(schema: schema).decode(type, payload: bytes, tree: tree, at: tree.root, options: options)
            #expect(report.ok)
            let types = report.nodeTypes
            #expect(types[tree.root]?.type == type && types[tree.root]?.property == nil)
            #expect(types[id]?.type == .scalar(.int) && types[id]?.property?.name == "id" && types[id]?.owner == type)
            #expect(types[tags]?.type == .array(.scalar(.string)) && types[tags]?.isPropertyValue == true)
            for element in tree.children(tags) {
                #expect(types[element]?.type == .scalar(.string) && types[element]?.steps == [.element])
                #expect(types[element]?.property?.name == "tags" && types[element]?.isPropertyValue == false)
            }
            #expect(types[extra] == nil && types[extraID] == nil, "a property with an initial value is not decoded")
        }

        // Teaching reads the same answer (its all-errors baseline's).
        let context = TeachingContext(
            schema: schema, payload: bytes, tree: tree, rootType: type, rootNode: tree.root, options: DecodeOptions())
        let taught = context.nodeTypes
        #expect(taught[id]?.property?.name == "id")
        #expect(taught[extra] == nil && taught[extraID] == nil)
        #expect(taught.nodes(ofType: .named(qualifiedName: "Extra", arguments: [])).isEmpty)
        #expect(taught.nodes(ofType: .scalar(.int)) == [id])

        // The stepping view: a walkthrough of Holder's init(from:), none of Extra's.
        let traced = DecodingEngine(schema: schema).decode(
            type, payload: bytes, tree: tree, at: tree.root, options: DecodeOptions(tracesCalls: true))
        let walkthroughs = InitWalkthrough.all(in: traced, context: context)
        #expect(walkthroughs.map(\.type) == [type])

        // The value lookup: `id` is Holder's property; `extra` is not part of the decoded value.
        let report = DecodingEngine(schema: schema).decode(
            type, payload: bytes, tree: tree, at: tree.root, options: DecodeOptions(recordsNodeTypes: true))
        let locator = DecodedValueLocator(
            tree: tree, root: tree.root, value: try #require(report.value), schema: schema, types: report.nodeTypes,
            keys: .useDefaultKeys)
        guard case .value(let idValue) = locator.answer(ValueQuery(id: 1, path: NodePath([.key("id")]))) else {
            Issue.record("no value for id")
            return
        }
        #expect(idValue.property == "id" && idValue.owner == "Holder" && idValue.text == "1")
        #expect(locator.answer(ValueQuery(id: 2, path: NodePath([.key("extra")]))) == .notDecoded)
        #expect(locator.answer(ValueQuery(id: 3, path: NodePath([.key("extra"), .key("id")]))) == .notDecoded)
    }
}
