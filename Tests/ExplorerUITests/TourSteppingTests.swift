import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import TestSupport
import Testing

@testable import ExplorerUI

/// The tour's hand-written scenarios (`"mode": "compiled"`), stepped with `i` as the explorer
/// steps them: a real compiled decode of the scenario's payload with its decoder (scenario.json's
/// `decoder`, as the explorer passes it), traced, and the stepping view walked to the last call.
/// The line it highlights there is the line of Models.swift each ABOUT.md names as the one that throws.
@Suite(.serialized) struct TourSteppingTests {
    struct Scenario: Decodable {
        struct Expect: Decodable { var kind: String? }
        var type: String
        var decoder: String?
        var mode: String?
        var expect: Expect
    }

    /// The line of each scenario's `init(from:)` whose call throws, as its ABOUT.md says.
    static let throwingLine: [String: String] = [
        "23-flatten-nested": "city = try address.decode(String.self, forKey: .city)",
        "24-numbers-in-strings": "ask = try container.decode(Double.self, forKey: .ask)",
        "25-type-field": "let height = try container.decode(Double.self, forKey: .height)",
        "26-lossy-array": "let clearance = try container.decode([Failable<Product>].self, forKey: .clearance)",
        "27-empty-values-extension": "giftMessage = try container.decode(String.self, forKey: .giftMessage)",
        "28-key-path-in-userinfo": "value = try container.decode(T.self, forKey: last)",
        "29-custom-date-closure": "endsAt = try container.decode(Date.self, forKey: .endsAt)",
        "30-dynamic-coding-keys": "rates[code.stringValue] = try byCode.decode(Double.self, forKey: code)",
    ]

    static var scenarios: [String] { HandWrittenScenarios.names }

    @Test("every hand-written scenario names its throwing line here") func everyScenarioIsCovered() {
        #expect(Self.scenarios.count >= 8)
        #expect(Set(Self.scenarios) == Set(Self.throwingLine.keys), "\(Self.scenarios)")
    }

    @Test("i steps through the scenario's own init(from:) down to the line that throws", arguments: HandWrittenScenarios.names)
    func stepsToTheThrowingLine(_ name: String) throws {
        let folder = Repository.samplePayloads.appendingPathComponent(name)
        let scenario = try JSONDecoder().decode(Scenario.self, from: Data(contentsOf: folder.appendingPathComponent("scenario.json")))
        let model = folder.appendingPathComponent("Models.swift")
        let payloadFile = folder.appendingPathComponent("payload.json")
        let schema = try Schema.load(paths: [model.path])
        let tree = try JSONTree.parse(Array(try Data(contentsOf: payloadFile)))
        var options = DecodeOptions()
        options.tracesCalls = true
        let decoder = CompiledDecoder(
            models: schema.sources, typeExpressions: [scenario.type], decoderExpression: scenario.decoder, cacheFolder: TestCache.folder)
        let report = try decoder.decode(
            scenario.type, payloadPath: payloadFile.path, tree: tree, options: options, wantsValue: false, traces: true)
        #expect(report.errors.first?.kind.rawValue == scenario.expect.kind, "\(name): \(report.errors)")
        let setup = DecodeSetup(
            modelPaths: [model.path], schema: schema, typeExpression: scenario.type, options: options, mode: .compiled,
            decoderExpression: scenario.decoder)
        var state = ExplorerState(tree: tree, fileName: "payload.json", decode: DecodeSession(setup: setup))
        guard case .startDecode(let request)? = state.perform(.redecode, treeRows: 20).last else { throw CancellationError() }
        _ = state.perform(.decodeNote(requestID: request.id, .decided(mode: .compiled, compileSeconds: nil)), treeRows: 20)
        _ = state.perform(.decodeFinished(requestID: request.id, .finished(report)), treeRows: 20)
        _ = state.perform(.openStepping, treeRows: 20)
        let trace = try #require(state.decode.overlay?.report.trace)
        #expect(trace.count >= 2, "\(name): \(trace.map(\.call))")
        guard case .stepping = state.mode else {
            Issue.record("\(name): the stepping view opens: \(state.mode)")
            return
        }
        var highlighted: [String] = []
        for _ in trace.indices {
            if let line = CompiledSteppingTests.running(state) { highlighted.append(line) }
            _ = state.perform(.step(.by(1)), treeRows: 20)
        }
        #expect(highlighted.last == Self.throwingLine[name], "\(name): \(highlighted)")
        let text = CompiledSteppingTests.screen(state, 120, 40)
        #expect(text.contains("✖"), "\(name): the throwing call is marked\n\(text)")
    }
}

/// The tour's scenarios whose scenario.json says `"mode": "compiled"`.
enum HandWrittenScenarios {
    static let names: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: Repository.samplePayloads.path)) ?? [])
        .filter { $0.first?.isNumber == true }.sorted()
        .filter { name in
            let file = Repository.samplePayloads.appendingPathComponent(name).appendingPathComponent("scenario.json")
            return (try? JSONDecoder().decode(TourSteppingTests.Scenario.self, from: Data(contentsOf: file)))?.mode == "compiled"
        }
}
