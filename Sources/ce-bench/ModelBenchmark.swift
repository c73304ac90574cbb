import Foundation
import ModelSchema

/// `ce-bench models`: hostile models and type expressions against benign ones of the same size,
/// each read by ModelSchema in this process (`Schema(sources:)`, then `resolve` of the type), as
/// a ratio to its benign twin measured in the same run. A ratio near 1 means the hostile input
/// costs what its size costs; before issue 11 the deep ones were exponential (a 26-deep `--type`
/// took 52 s) and the cyclic one overflowed the stack.
struct ModelBenchmark {
    struct Case {
        var name: String
        var hostile: Input
        var benign: Input
    }

    struct Input {
        var source: String
        var type: String
        var bytes: Int { source.utf8.count + type.utf8.count }
    }

    static let usage = """
        usage: ce-bench models [--runs N] [--properties N]
          reads each hostile model and its benign twin of the same size --runs times (default 7)
          in this process and prints the median times and their ratio; --properties sets how
          many properties each model has (default 200)
        """

    static func main(_ arguments: [String]) throws {
        var runs = 7, properties = 200
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--runs":
                guard let n = rest.popFirst().flatMap({ Int($0) }), n > 0 else { throw BenchError.usage("--runs needs a positive integer") }
                runs = n
            case "--properties":
                guard let n = rest.popFirst().flatMap({ Int($0) }), n > 0 else {
                    throw BenchError.usage("--properties needs a positive integer")
                }
                properties = n
            case "-h", "--help": print(usage); return
            default: throw BenchError.usage("unknown argument \(argument)\n\(usage)")
            }
        }
        print("ce-bench models: \(runs) runs, \(properties) properties per model, median wall time, in process")
        print(pad("case", 44) + pad("hostile", 12) + pad("benign", 12) + pad("ratio", 8) + "bytes")
        for c in cases(properties: properties) {
            let hostile = median(runs) { read(c.hostile) }
            let benign = median(runs) { read(c.benign) }
            let ratio = benign > 0 ? hostile / benign : .infinity
            print(
                pad(c.name, 44) + pad(ms(hostile), 12) + pad(ms(benign), 12) + pad(String(format: "%.2f", ratio), 8)
                    + "\(c.hostile.bytes) / \(c.benign.bytes)")
        }
    }

    /// Each hostile input and a benign one of the same length.
    static func cases(properties n: Int) -> [Case] {
        func nested(_ depth: Int, _ inner: String) -> String {
            String(repeating: "[", count: depth) + inner + String(repeating: "]", count: depth)
        }
        /// A type name as long as `text`, declared (so the benign model resolves).
        func flatName(as text: String) -> String { "T" + String(repeating: "x", count: max(0, text.utf8.count - 1)) }
        func model(_ types: [String], extra: String = "") -> String {
            "struct S: Decodable {\n" + types.enumerated().map { "    var p\($0.offset): \($0.element)\n" }.joined() + "}\n" + extra
        }
        var result: [Case] = []

        let limit = NestingLimit.squareDepth
        // `--type` nested as deep as a model may (the limit) and 30 deep (refused), against a flat name of that length.
        for depth in [limit, 30] {
            let deep = nested(depth, "S")
            let flat = flatName(as: deep)
            let declared = "struct \(flat): Decodable {}\n"
            result.append(
                Case(
                    name: "--type \(depth) nested arrays",
                    hostile: Input(source: model(["Int"]) + String(repeating: " ", count: declared.utf8.count), type: deep),
                    benign: Input(source: model(["Int"]) + declared, type: flat)))
        }
        // A model of properties nested as deep as it may (the limit) and 30 deep (refused).
        for depth in [limit, 30] {
            let deep = nested(depth, "Int")
            let flat = flatName(as: deep)
            let declared = "typealias \(flat) = Int\n"
            result.append(
                Case(
                    name: "model: \(n) properties \(depth) arrays deep",
                    hostile: Input(
                        source: model(Array(repeating: deep, count: n)) + String(repeating: " ", count: declared.utf8.count), type: "S"),
                    benign: Input(source: model(Array(repeating: flat, count: n)) + declared, type: "S")))
        }
        // Cyclic typealiases (L1 = L2, L2 = L1) against a chain ending in Int.
        let cyclic = (0..<n).map { "typealias L\($0) = M\($0)\ntypealias M\($0) = L\($0)\n" }.joined()
        let chain = (0..<n).map {
            "typealias L\($0) = M\($0)\ntypealias M\($0) = Int\($0 < 10 ? "   " : $0 < 100 ? "  " : $0 < 1000 ? " " : "")\n"
        }
        .joined()
        let uses = (0..<n).map { "L\($0)" }
        result.append(
            Case(
                name: "model: \(n) cyclic typealias pairs",
                hostile: Input(source: model(uses, extra: cyclic), type: "S"),
                benign: Input(source: model(uses, extra: chain), type: "S")))
        // Typealiases that double per level (2^40 leaves) against a linear chain of 40.
        let pair = "struct P<A: Decodable, B: Decodable>: Decodable { var a: A; var b: B }\ntypealias A0 = Int\n"
        let doubling = pair + (1...40).map { "typealias A\($0) = P<A\($0 - 1), A\($0 - 1)>\n" }.joined()
        let linear =
            pair + (1...40).map { "typealias A\($0) = P<A\($0 - 1), Int\(String(repeating: " ", count: "\($0 - 1)".count))>\n" }.joined()
        result.append(
            Case(
                name: "model: typealiases doubling 40 times",
                hostile: Input(source: model(["A40"], extra: doubling), type: "S"),
                benign: Input(source: model(["A40"], extra: linear), type: "S")))
        return result
    }

    /// Reads the model and resolves the type; the time in seconds.
    static func read(_ input: Input) -> Double {
        let started = ContinuousClock.now
        let schema = Schema(sources: [ModelSource(path: "Models.swift", text: input.source)])
        _ = try? schema.resolve(input.type)
        let took = ContinuousClock.now - started
        return Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
    }

    static func median(_ runs: Int, _ measure: () -> Double) -> Double {
        let times = (0..<runs).map { _ in measure() }.sorted()
        return times[times.count / 2]
    }

    static func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
    static func pad(_ text: String, _ width: Int) -> String {
        text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0)
    }
}
