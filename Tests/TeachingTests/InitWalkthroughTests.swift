import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Testing

@testable import Teaching

/// The stepping view's data: the synthesized init(from:) of a model type, each executed line
/// tied to the node it read and what came back.
@Suite("Stepping through the synthesized init(from:)")
struct InitWalkthroughTests {
    static func sample(_ folder: String, type: String? = nil, path: String? = nil) throws -> (Sample, DecodeReport) {
        let sample = try Sample(folder: Sample.root.appendingPathComponent(folder), type: type, path: path)
        var options = sample.context.options
        options.tracesCalls = true
        let report = DecodingEngine(schema: sample.context.schema).decode(
            sample.context.rootType, payload: sample.context.payload, tree: sample.context.tree, at: sample.context.rootNode,
            options: options)
        return (sample, report)
    }

    /// Each step as `line text -> outcome`.
    static func steps(_ w: InitWalkthrough) -> [String] {
        w.steps.map { step in
            let outcome =
                switch step.outcome {
                case .returned(let r): r
                case .threw(let kind, let text): "throws \(kind.rawValue): \(text)"
                }
            return w.lines[step.line].text.trimmingCharacters(in: .whitespaces) + " -> " + outcome
        }
    }

    @Test("a struct: CodingKeys, the keyed container, one decode per property; the missing key stops it")
    func structStepsUntilTheMissingKey() throws {
        let (sample, report) = try Self.sample("01-basics")
        let tree = sample.context.tree
        let second = try #require(try NodePath(parsing: "products[1]").resolve(in: tree).get() as NodeID?)
        let w = try #require(InitWalkthrough(report: report, context: sample.context, node: second))
        #expect(w.type == .named(qualifiedName: "Product", arguments: []))
        #expect(
            w.lines.map(\.text) == [
                "enum CodingKeys: String, CodingKey {", "    case name", "    case price", "    case description", "    case inStock", "}",
                "", "init(from decoder: any Decoder) throws {",
                "    let container = try decoder.container(keyedBy: CodingKeys.self)",
                "    name = try container.decode(String.self, forKey: .name)",
                "    price = try container.decode(Double.self, forKey: .price)",
                "    description = try container.decode(String.self, forKey: .description)",
                "    inStock = try container.decode(Bool.self, forKey: .inStock)",
                "}",
            ])
        #expect(
            Self.steps(w) == [
                "let container = try decoder.container(keyedBy: CodingKeys.self) -> KeyedDecodingContainer<CodingKeys>",
                #"name = try container.decode(String.self, forKey: .name) -> "Squeeky Bottle""#,
                "price = try container.decode(Double.self, forKey: .price) -> 12.0",
                #"description = try container.decode(String.self, forKey: .description) -> throws keyNotFound: No value associated with key CodingKeys(stringValue: "description", intValue: nil) ("description")."#,
            ])
        #expect(w.steps[1].node.flatMap { tree.key($0) } == "name", "the tree follows: the name step is on the name member")
        #expect(w.keyNodes.keys.sorted() == [1, 2, 4], "no member for `description`")
        let name = try NodePath(parsing: "products[1].name").resolve(in: tree).get()
        let atCursor = try #require(InitWalkthrough(report: report, context: sample.context, node: name))
        #expect(atCursor == w, "the cursor on a value shows the init(from:) of the object around it")
        #expect(atCursor.firstStep(at: name) == 1)
        let all = InitWalkthrough.all(in: report, context: sample.context)
        #expect(all.map(\.type.description) == ["ProductCategory", "Product", "Product"])
    }

    @Test("a raw-value enum: the raw value, then init(rawValue:) fails on a blank string")
    func rawValueEnum() throws {
        let (sample, report) = try Self.sample("15-raw-value-enum")
        let node = try NodePath(parsing: "orders[2].status").resolve(in: sample.context.tree).get()
        let w = try #require(InitWalkthrough(report: report, context: sample.context, node: node))
        #expect(
            Self.steps(w) == [
                "let container = try decoder.singleValueContainer() -> SingleValueDecodingContainer",
                #"let rawValue = try container.decode(String.self) -> """#,
                "guard let value = OrderStatus(rawValue: rawValue) else { -> throws dataCorrupted: Cannot initialize OrderStatus from invalid String value ",
            ])
    }

    @Test("an enum with associated values: the one-key check fails on an object with a type field")
    func associatedValuesEnum() throws {
        let (sample, report) = try Self.sample("19-polymorphic-array")
        let node = try NodePath(parsing: "shapes[0]").resolve(in: sample.context.tree).get()
        let w = try #require(InitWalkthrough(report: report, context: sample.context, node: node))
        #expect(
            w.lines.contains {
                $0.text == "        let nested = try container.nestedContainer(keyedBy: CircleCodingKeys.self, forKey: .circle)"
            })
        #expect(
            Self.steps(w) == [
                "let container = try decoder.container(keyedBy: CodingKeys.self) -> KeyedDecodingContainer<CodingKeys>",
                "guard container.allKeys.count == 1 else { -> throws typeMismatch: Invalid number of keys found, expected one.",
            ])
    }

    @Test("strategies show as notes; with snake_case keys each CodingKeys case finds its converted member")
    func strategiesAndKeys() throws {
        let (sample, report) = try Self.sample("22-large-response", type: "Order", path: "data[0]")
        let w = try #require(InitWalkthrough(report: report, context: sample.context, node: sample.context.rootNode))
        let created = try #require(w.lines.first { $0.text.contains("forKey: .createdAt") })
        #expect(created.note == "Date with .iso8601: an ISO 8601 string")
        #expect(w.lines.first { $0.role == .container }?.note?.contains(".convertFromSnakeCase") == true)
        let keyLine = try #require(w.lines.firstIndex { $0.text == "    case lineItems" })
        #expect(w.keyNodes[keyLine].flatMap { sample.context.tree.key($0) } == "line_items")
        #expect(w.steps.count == 9 && w.steps.allSatisfy { if case .returned = $0.outcome { true } else { false } })
    }
}
