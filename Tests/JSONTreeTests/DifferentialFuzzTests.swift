import Foundation
import Testing

@testable import JSONTree

/// The differential fuzzer: mutated corpus inputs judged by the scanner and by Foundation's
/// JSONDecoder (plain and JSON5) in a crash-guarded child process; the verdicts must agree.
///
/// `swift test` runs a short pass (a couple of thousand inputs, seconds). The long run is
/// `scripts/fuzz-differential [inputs] [seed]`, which sets `CE_FUZZ_INPUTS` and `CE_FUZZ_SEED`
/// and prints the figures line this test writes.
@Suite struct DifferentialFuzzTests {
    struct Figures {
        var inputs = 0
        var json5 = 0
        var disagreements: [String] = []
        /// Inputs on which Foundation trapped, and how many of those we announced as a crash.
        var foundationCrashes = 0
        var announcedCrashes = 0
        /// Crashes that did not happen again when the input was asked alone, in a fresh
        /// oracle: Foundation's `strtod` reads past a number that ends the input (the Data
        /// is not NUL-terminated), so what follows in memory decides. Listed, not counted
        /// as disagreements: no scanner can know the decoder's heap.
        var stateDependentCrashes: [String] = []
    }

    static func run(inputs: Int, seed: UInt64) throws -> Figures {
        let corpus = try MutationGenerator.corpus(repositoryRoot: TestSuiteFixtures.repositoryRoot)
        var generator = MutationGenerator(seed: seed, seeds: corpus)
        var figures = Figures()
        var index = 0
        // Batches, so that a trap restarts the oracle over a few hundred inputs, not all.
        while index < inputs {
            let batch = (index..<min(inputs, index + 400)).map { _ in generator.next() }
            for json5 in [false, true] {
                let cases = batch.enumerated().filter { $0.element.json5 == json5 }
                let verdicts = try OracleProcess.verdicts(cases.map(\.element.bytes), json5: json5)
                for ((offset, input), verdict) in zip(cases, verdicts) {
                    figures.inputs += 1
                    if json5 { figures.json5 += 1 }
                    let ours = DecoderVerdictTests.ours(.init(name: "", bytes: input.bytes, json5: json5, expected: .accepted, says: ""))
                    let problem: String?
                    switch verdict {
                    case .crashed:
                        figures.foundationCrashes += 1
                        if ours.0 == .crashes { figures.announcedCrashes += 1 }
                        if ours.0 == .accepted,
                            try OracleProcess.verdicts([input.bytes, input.bytes], json5: json5).allSatisfy({ $0 != .crashed })
                        {
                            let hex = input.bytes.prefix(200).map { String(format: "%02x", $0) }.joined()
                            figures.stateDependentCrashes.append("#\(index + offset) \(json5 ? "JSON5" : "JSON") [\(input.recipe)]: \(hex)")
                            problem = nil
                        } else {
                            problem = ours.0 == .accepted ? "Foundation crashes, we accept" : nil
                        }
                    case let .answered(structure, full):
                        let tree = try? JSONTree.parse(input.bytes, options: .init(json5: json5))
                        let ourStructure = tree?.isStructureAcceptedByJSONDecoder ?? false
                        let ourFull = tree?.isAcceptedByJSONDecoder ?? false
                        problem =
                            ourStructure != structure || ourFull != full
                            ? "structure ours \(ourStructure) Foundation \(structure); full ours \(ourFull) Foundation \(full)\(ours.0 == .crashes ? "; we say it crashes" : "")"
                            : nil
                    }
                    if let problem {
                        let hex = input.bytes.prefix(200).map { String(format: "%02x", $0) }.joined()
                        figures.disagreements.append("#\(index + offset) \(json5 ? "JSON5" : "JSON") [\(input.recipe)] \(problem): \(hex)")
                    }
                }
            }
            index += batch.count
        }
        return figures
    }

    @Test func mutatedCorpusGetsFoundationsVerdict() throws {
        let environment = ProcessInfo.processInfo.environment
        let inputs = environment["CE_FUZZ_INPUTS"].flatMap(Int.init) ?? 1_200
        let seed = environment["CE_FUZZ_SEED"].flatMap(UInt64.init) ?? 11
        let clock = ContinuousClock()
        let start = clock.now
        let figures = try Self.run(inputs: inputs, seed: seed)
        let seconds = Double((clock.now - start).components.seconds) + Double((clock.now - start).components.attoseconds) / 1e18
        print(
            "FUZZ seed \(seed): \(figures.inputs) inputs (\(figures.json5) JSON5), \(figures.disagreements.count) disagreements, "
                + "Foundation crashed on \(figures.foundationCrashes) (announced by validate: \(figures.announcedCrashes); "
                + "not again when asked alone: \(figures.stateDependentCrashes.count)), "
                + String(format: "%.1f s", seconds))
        for line in figures.disagreements.prefix(40) { print("FUZZ disagreement \(line)") }
        for line in figures.stateDependentCrashes.prefix(40) { print("FUZZ crash only in sequence \(line)") }
        #expect(figures.inputs == inputs)
        #expect(
            figures.disagreements.isEmpty,
            "\(figures.disagreements.count) of \(figures.inputs):\n\(figures.disagreements.prefix(10).joined(separator: "\n"))")
    }
}
