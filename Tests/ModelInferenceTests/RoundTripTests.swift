import Foundation
import ModelInference
import TestSupport
import Testing

/// The promise of `infer`: the models it prints compile with `swiftc` and decode, with
/// Foundation's JSONDecoder and the printed `makeDecoder()`, the very payload they came from,
/// without leaving any of its data behind. Every SamplePayloads scenario, every real API
/// response in Tests/Fixtures/realworld, and payloads written for the corners, compiled together
/// in one program (``CompiledRoundTrip``).
@Suite("infer: models decode the payload they came from")
struct RoundTripTests {
    static let snakeCase = InferenceOptions(keyStrategy: .convertFromSnakeCase)
    static let withEnums = InferenceOptions(stringEnums: true)

    static let cases: [CompiledRoundTrip.Case] = {
        var cases: [CompiledRoundTrip.Case] = []
        for (name, url) in Payloads.samples {
            cases.append(.init(label: "samples/\(name)", payload: url, options: .init()))
            cases.append(
                .init(
                    label: "samples/\(name) snake-case enums", payload: url,
                    options: .init(keyStrategy: .convertFromSnakeCase, stringEnums: true)))
        }
        for (name, url) in Payloads.realWorld {
            cases.append(.init(label: "realworld/\(name)", payload: url, options: .init()))
            cases.append(
                .init(
                    label: "realworld/\(name) snake-case enums", payload: url,
                    options: .init(keyStrategy: .convertFromSnakeCase, stringEnums: true)))
        }
        let synthetic = (try? SyntheticPayloads.files()) ?? []
        for (name, url) in synthetic where !name.hasPrefix("control") {
            cases.append(.init(label: "synthetic/\(name)", payload: url, options: .init()))
            cases.append(
                .init(
                    label: "synthetic/\(name) snake-case enums", payload: url,
                    options: .init(keyStrategy: .convertFromSnakeCase, stringEnums: true)))
        }
        // Nodes inside payloads, as `infer --path` and the explorer's cursor pick them.
        for (name, path) in [("05-key-path", "elements[0].element"), ("22-large-response", "data"), ("07-dynamic-keys", "skus")] {
            guard let url = Payloads.samples.first(where: { $0.name == name })?.url else { continue }
            cases.append(.init(label: "path/\(name) at \(path)", payload: url, options: .init(), path: path))
        }
        for (name, path) in [
            ("stripe-fixtures3.json", "resources.charge"), ("github-events.json", "[3].payload"),
            ("usgs-earthquakes-week.geojson.json", "features[0].properties"),
        ] {
            guard let url = Payloads.realWorld.first(where: { $0.name == name })?.url else { continue }
            cases.append(
                .init(label: "path/\(name) at \(path)", payload: url, options: .init(keyStrategy: .convertFromSnakeCase), path: path))
        }
        // Controls: the round trip must notice a model that does not fit its payload.
        if let narrow = synthetic.first(where: { $0.name == "control-narrow" })?.url,
            let wide = synthetic.first(where: { $0.name == "control-wide" })?.url,
            let basics = Payloads.samples.first?.url, let envelope = Payloads.samples.first(where: { $0.name.hasPrefix("06") })?.url
        {
            cases.append(.init(label: "control/drops", payload: narrow, options: .init(), decoding: wide))
            cases.append(.init(label: "control/fails", payload: basics, options: .init(), decoding: envelope))
        }
        return cases
    }()

    static let outcome = Result { try CompiledRoundTrip.run(cases) }

    static func labels(_ prefix: String) -> [String] { cases.map(\.label).filter { $0.hasPrefix(prefix) } }

    static func expectRoundTrip(_ label: String) throws {
        let outcome = try Self.outcome.get()
        let line = outcome.lines[label]
        #expect(line == "ok", "\(label): \(line ?? "no result")\n\(outcome.sources[label] ?? "")")
    }

    @Test("all 30 scenarios and all 12 real API responses are there")
    func payloadsAreThere() throws {
        #expect(Payloads.samples.count == 30)
        #expect(try Repository.files(in: Payloads.realWorldFolder, endingWith: ".json").count == 12)
    }

    @Test("every SamplePayloads scenario", arguments: labels("samples/"))
    func sample(_ label: String) throws { try Self.expectRoundTrip(label) }

    @Test("every real API response in Tests/Fixtures/realworld", arguments: labels("realworld/"))
    func realWorld(_ label: String) throws { try Self.expectRoundTrip(label) }

    @Test("payloads written for the corners", arguments: labels("synthetic/"))
    func synthetic(_ label: String) throws { try Self.expectRoundTrip(label) }

    @Test("nodes at key paths", arguments: labels("path/"))
    func path(_ label: String) throws { try Self.expectRoundTrip(label) }

    @Test("the round trip notices a model that leaves data behind or does not decode")
    func controls() throws {
        let lines = try Self.outcome.get().lines
        #expect(lines["control/drops"] == "dropped 2: $.b, $.b.c")
        #expect(
            lines["control/fails"]?.hasPrefix("failed") == true && lines["control/fails"]?.contains("keyNotFound") == true,
            "\(lines["control/fails"] ?? "")")
    }

    @Test("the generated code compiles in Swift 6 mode without a warning")
    func noWarnings() throws {
        let output = try Self.outcome.get().compilerOutput
        #expect(!output.contains("warning:"), "\(output.prefix(4000))")
    }
}
