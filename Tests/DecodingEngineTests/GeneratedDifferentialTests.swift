import Foundation
import ModelSchema
import Testing

@testable import DecodingEngine

/// Many type shapes crossed with payload mutations, decoded by the compiled models and by
/// the engine: every case must give the same error (kind, codingPath, debugDescription)
/// or the same value. Generated deterministically, compiled once.
@Suite struct GeneratedDifferentialTests {
    static let models = #"""
        struct GUser: Codable {
            let id: Int
            let name: String
            let email: String?
            let age: UInt8
            let score: Double
            let active: Bool
            let tags: [String]
            let address: GAddress
            let joined: Date
            let role: GRole
            var nickname: String = "none"
        }
        struct GAddress: Codable { let street: String; let zip: Int?; let geo: [Double] }
        enum GRole: String, Codable { case admin, member }
        struct GPage<T: Codable>: Codable { let items: [T]; let total: Int64; let next: URL? }
        struct GMap: Codable { let byID: [String: GAddress]; let counts: [String: Int]; let ids: Set<Int> }
        enum GEvent: Codable { case click(x: Int, y: Int), key(String), idle }
        struct GSnake: Codable { let userID: Int; let baseURL: URL; let lineItems: [GAddress] }
        """#

    /// A payload value as a tree we can mutate and write out.
    indirect enum Value: Sendable {
        case object([(String, Value)]), array([Value]), string(String), number(String), bool(Bool), null

        var json: String {
            switch self {
            case .object(let members): "{" + members.map { "\"\($0.0)\": \($0.1.json)" }.joined(separator: ", ") + "}"
            case .array(let items): "[" + items.map(\.json).joined(separator: ", ") + "]"
            case .string(let s): "\"\(s)\""
            case .number(let n): n
            case .bool(let b): b ? "true" : "false"
            case .null: "null"
            }
        }

        /// Every path to a node, root first.
        var paths: [[Int]] {
            var out: [[Int]] = [[]]
            switch self {
            case .object(let members): for (i, m) in members.enumerated() { out += m.1.paths.map { [i] + $0 } }
            case .array(let items): for (i, v) in items.enumerated() { out += v.paths.map { [i] + $0 } }
            default: break
            }
            return out
        }

        /// The value with the node at `path` replaced (nil: removed from its container).
        func replacing(_ path: [Int], with new: Value?) -> Value {
            guard let first = path.first else { return new ?? .null }
            let rest = Array(path.dropFirst())
            switch self {
            case .object(var members):
                if rest.isEmpty && new == nil {
                    members.remove(at: first)
                } else {
                    members[first].1 = members[first].1.replacing(rest, with: new)
                }
                return .object(members)
            case .array(var items):
                if rest.isEmpty && new == nil { items.remove(at: first) } else { items[first] = items[first].replacing(rest, with: new) }
                return .array(items)
            default:
                return self
            }
        }

        func at(_ path: [Int]) -> Value {
            guard let first = path.first else { return self }
            switch self {
            case .object(let m): return m[first].1.at(Array(path.dropFirst()))
            case .array(let a): return a[first].at(Array(path.dropFirst()))
            default: return self
            }
        }
    }

    static func user(_ id: Int) -> Value {
        .object([
            ("id", .number("\(id)")), ("name", .string("User \(id)")), ("email", .string("u\(id)@example.com")),
            ("age", .number("42")), ("score", .number("9.5")), ("active", .bool(true)),
            ("tags", .array([.string("a"), .string("b")])),
            (
                "address",
                .object([("street", .string("Main")), ("zip", .number("12345")), ("geo", .array([.number("1.5"), .number("-2")]))])
            ),
            ("joined", .string("2024-05-01T12:00:00Z")), ("role", .string("admin")),
            // A `var` with a default is still decoded with decode(_:forKey:): it must be present.
            ("nickname", .string("u\(id)")),
        ])
    }

    /// (type, options, base payload): the shapes.
    static let shapes: [(String, DecodeOptions, Value)] = [
        ("GUser", DecodeOptions(dates: .iso8601), user(1)),
        (
            "GPage<GUser>", DecodeOptions(dates: .iso8601),
            .object([("items", .array([user(1), user(2)])), ("total", .number("2")), ("next", .string("https://example.com/p2"))])
        ),
        (
            "GMap", DecodeOptions(),
            .object([
                ("byID", .object([("x1", .object([("street", .string("A")), ("geo", .array([]))]))])),
                ("counts", .object([("a", .number("1")), ("b", .number("2"))])), ("ids", .array([.number("3")])),
            ])
        ),
        (
            "[GEvent]", DecodeOptions(),
            .array([
                .object([("click", .object([("x", .number("1")), ("y", .number("2"))]))]),
                .object([("key", .object([("_0", .string("q"))]))]), .object([("idle", .object([]))]),
            ])
        ),
        (
            "GSnake", DecodeOptions(keys: .convertFromSnakeCase),
            .object([
                ("user_id", .number("7")), ("base_url", .string("https://x.y")),
                ("line_items", .array([.object([("street", .string("S")), ("geo", .array([.number("0")]))])])),
            ])
        ),
    ]

    /// What a mutation puts in place of a node (nil: deletes it).
    static let mutations: [(String, @Sendable (Value) -> Value??)] = [
        ("delete", { _ in .some(nil) }),
        ("null", { _ in .some(.null) }),
        (
            "kind",
            { v in
                switch v {
                case .string: .some(.number("7"))
                case .number: .some(.string("7"))
                case .bool: .some(.number("1"))
                case .object: .some(.array([]))
                case .array: .some(.object([]))
                case .null: .some(.bool(false))
                }
            }
        ),
        ("overflow", { v in if case .number = v { .some(.number("300")) } else { nil } }),
        ("fraction", { v in if case .number = v { .some(.number("1.5")) } else { nil } }),
        ("huge", { v in if case .number = v { .some(.number("1e400")) } else { nil } }),
        ("date", { v in if case .string(let s) = v, s.hasPrefix("2024") { .some(.string("01/05/2024")) } else { nil } }),
        ("enum", { v in if case .string("admin") = v { .some(.string("")) } else { nil } }),
    ]

    static func cases() -> [DifferentialCase] {
        var out: [DifferentialCase] = []
        for (type, options, base) in shapes {
            out.append(DifferentialCase(name: "\(type) valid", type: type, payload: base.json, options: options))
            out.append(DifferentialCase(name: "\(type) broken syntax", type: type, payload: String(base.json.dropLast()), options: options))
            for path in base.paths where !path.isEmpty {
                for (name, mutate) in mutations {
                    guard let replacement = mutate(base.at(path)) else { continue }
                    let mutated = base.replacing(path, with: replacement)
                    out.append(DifferentialCase(name: "\(type) \(name) at \(path)", type: type, payload: mutated.json, options: options))
                }
            }
        }
        return out
    }

    @Test func engineMatchesCompiledDecoderOnGeneratedCases() throws {
        let cases = Self.cases()
        #expect(cases.count > 300)
        let compiled = try Harness.compiledResults(models: Self.models, cases: cases)
        #expect(compiled.count == cases.count)
        let schema = Schema(sources: [ModelSource(path: "Models.swift", text: Self.models)])
        #expect(!schema.hasErrors, "\(schema.diagnostics)")
        let engine = DecodingEngine(schema: schema)
        // The heaviest array of each payload decoded in parts of one element (``ArraySplit``).
        let inParts = DecodingEngine(schema: schema, splitting: .always())
        var divergences: [String] = []
        for (c, expected) in zip(cases, compiled) {
            let report = engine.decode(try schema.resolve(c.type), payload: Array(c.payload.utf8), options: c.options)
            let ours = Harness.line(report)
            if ours != expected { divergences.append("\(c.name)\n  compiled: \(expected)\n  engine:   \(ours)") }
            let partsReport = inParts.decode(try schema.resolve(c.type), payload: Array(c.payload.utf8), options: c.options)
            let inPartsLine = Harness.line(partsReport)
            if inPartsLine != expected { divergences.append("\(c.name), in parts\n  compiled: \(expected)\n  engine:   \(inPartsLine)") }
        }
        let okCount = compiled.filter { $0.hasPrefix("{\"ok\":true") }.count
        #expect(okCount >= Self.shapes.count, "every valid base payload decodes")
        for kind in ["keyNotFound", "typeMismatch", "valueNotFound", "dataCorrupted"] {
            #expect(compiled.contains { $0.contains("\"kind\":\"\(kind)\"") }, "the generated set exercises \(kind)")
        }
        #expect(
            divergences.count == 0, "\(divergences.count) of \(cases.count) diverge:\n\(divergences.prefix(10).joined(separator: "\n"))")
    }
}
