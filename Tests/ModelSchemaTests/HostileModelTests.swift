import Foundation
import TestSupport
import Testing

@testable import ModelSchema

/// Models an attacker (or an unlucky generator) writes: cycles and nesting that crashed or froze
/// the tool (issue 11). Each must be a diagnostic with its place, in time proportional to its size.
@Suite("Hostile models: cyclic typealiases and deep nesting")
struct HostileModelTests {
    static let cycles: [(source: String, expected: String)] = [
        ("typealias L1 = L2\ntypealias L2 = L1\nstruct S: Decodable { var m: L1 }\n", "type alias 'L1' references itself"),
        ("typealias Arr<T> = [Arr<T>]\nstruct S: Decodable { var m: Arr<Int> }\n", "generic type alias 'Arr' references itself"),
        ("typealias L1 = L2\ntypealias L2 = L1\nstruct S: Decodable { var m: Int }\n", "type alias 'L1' references itself"),
        ("struct S: Decodable {\n    typealias Me = [Me]\n    var m: Int\n}\n", "type alias 'Me' references itself"),
    ]

    @Test("a cyclic typealias is swiftc's error at the alias's name, not a stack overflow", arguments: cycles)
    func cyclicAlias(_ source: String, _ expected: String) throws {
        let s = schema(source)
        let first = try #require(s.diagnostics.first { $0.severity == .error })
        // swiftc, given the same file (prefixed with `import Foundation`, so one line lower).
        let (folder, paths) = try Swiftc.write(["Models.swift": source])
        defer { try? FileManager.default.removeItem(at: folder) }
        let compiled = try Swiftc.run(["-typecheck"] + paths, in: folder)
        #expect(compiled.status != 0)
        let swiftcLine = "Models.swift:\(first.location.line + 1):\(first.location.column): error: "
        #expect(compiled.output.contains(swiftcLine + expected), "swiftc said: \(compiled.output)")
        #expect(first.message == expected)
    }

    @Test("a type expression naming a cyclic alias is refused with the reason")
    func cyclicAliasExpression() {
        let s = schema("typealias L1 = L2\ntypealias L2 = L1\nstruct S: Decodable { var m: Int }\n")
        #expect(throws: TypeExpressionError.cyclicTypeAlias("L1")) { try s.resolve("L1") }
    }

    static func nested(_ depth: Int, _ inner: String = "Int") -> String {
        String(repeating: "[", count: depth) + inner + String(repeating: "]", count: depth)
    }

    @Test("8 nested square brackets are read; 9 are refused at the 9th, in the model and in --type")
    func squareNesting() throws {
        let ok = schema("struct S: Decodable { var m: \(Self.nested(8)) }\n")
        #expect(!ok.hasErrors)
        #expect(try ok.resolve(Self.nested(8, "S")).swiftSpelling == Self.nested(8, "S"))

        let deep = schema("struct S: Decodable { var m: \(Self.nested(1_000)) }\n")
        #expect(deep.messages(.error).first?.hasPrefix("1:38 square brackets nest more than 8 deep here") == true)
        #expect(
            throws: TypeExpressionError.nestingTooDeep(
                expression: Self.nested(30, "S"),
                NestingLimit(construct: .squareBrackets, line: 1, column: 9))
        ) {
            try ok.resolve(Self.nested(30, "S"))
        }
    }

    @Test("a 26-deep array type, a default value nested 18 deep, 3,000 generic arguments and 3,000 '?' answer at once")
    func answersInTime() {
        let sources = [
            "struct S: Decodable { var m: \(Self.nested(26)) }\n",
            "struct S: Decodable { var m: [[Int]] = \(Self.nested(18, "1")) }\n",
            "struct S: Decodable { var m: \(String(repeating: "Optional<", count: 3_000))Int\(String(repeating: ">", count: 3_000)) }\n",
            "struct S: Decodable { var m: Int\(String(repeating: "?", count: 3_000)) }\n",
        ]
        for source in sources {
            let started = ContinuousClock.now
            let s = schema(source)
            #expect(s.hasErrors, "\(source.prefix(60))")
            #expect(ContinuousClock.now - started < .seconds(2), "\(source.prefix(60))")
        }
    }

    @Test("brackets inside strings and comments do not count")
    func stringsAndComments() {
        let source = """
            // \(Self.nested(40))
            /* \(Self.nested(40)) /* nested */ \(Self.nested(40)) */
            struct S: Decodable {
                enum CodingKeys: String, CodingKey { case m = "\(Self.nested(40))" }
                var m: Int
                var note: String = #"\(Self.nested(40))"#
                var more: String = \"\"\"
                    \(Self.nested(40))
                    \"\"\"
            }
            """
        #expect(schema(source).messages(.error) == [])
    }

    @Test("typealiases that double per level are refused past the budget, at once, with the property's place")
    func doublingAliases() {
        var source = "struct P<A: Decodable, B: Decodable>: Decodable { var a: A; var b: B }\ntypealias A0 = Int\n"
        for i in 1...40 { source += "typealias A\(i) = P<A\(i - 1), A\(i - 1)>\n" }
        source += "struct S: Decodable {\n    var m: A40\n}\n"
        let started = ContinuousClock.now
        let s = schema(source)
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(
            s.messages(.uninterpretable).contains {
                $0
                    == "44:12 S: 'm' of type A40 (its typealiases expand to more than 2000 types or 16 inside one another) cannot be interpreted"
            }, "\(s.diagnostics)")
        // Eight levels (256 leaves) are read as swiftc reads them.
        var small = "struct P<A: Decodable, B: Decodable>: Decodable { var a: A; var b: B }\ntypealias A0 = Int\n"
        for i in 1...8 { small += "typealias A\(i) = P<A\(i - 1), A\(i - 1)>\n" }
        small += "struct S: Decodable { var m: A8 }\n"
        let read = schema(small)
        #expect(read.diagnostics.isEmpty, "\(read.diagnostics)")
    }
}
