import Foundation
import JSONTree
import ModelSchema
import TestSupport
import Testing

@testable import DecodingEngine

/// An Xcode target's build settings reach the swiftc that builds the runner, and name the runner:
/// the same files under other settings are another runner, compiled (or refused) on their own.
@Suite struct CompilerSettingsTests {
    @Test func theTargetsIsolationDecidesWhetherItsFilesCompileAndEachSettingIsItsOwnRunner() throws {
        let cache = try SeededRunnerCache.make(prefix: "ce-settings")
        defer { try? FileManager.default.removeItem(at: cache) }
        let folder = Repository.fixtures.appendingPathComponent("xcode/MainActor77")
        let weather = try XcodeProject.load(folder.appendingPathComponent("Weather.xcodeproj").path).sources(ofTarget: "Weather")
        let models = try weather.files.map { ModelSource(path: $0, text: try String(contentsOfFile: $0, encoding: .utf8)) }
        let payload = folder.appendingPathComponent("payloads/forecast-ok.json").path
        let tree = try JSONTree.parse(Array(try Data(contentsOf: URL(fileURLWithPath: payload))))

        var asTheAppBuilds = CompiledDecoder(
            models: models, typeExpressions: ["Forecast"], decoderExpression: "makeDecoder()", cacheFolder: cache)
        asTheAppBuilds.settings = weather.settings
        let report = try asTheAppBuilds.decode("Forecast", payloadPath: payload, tree: tree, options: DecodeOptions())
        #expect(report.errors.isEmpty)

        // The same files in Swift 6 without the target's default isolation: Units.shared is a
        // non-Sendable global, which swiftc rejects; the runner built above is not this one.
        var nonisolated = asTheAppBuilds
        nonisolated.settings.defaultIsolation = nil
        #expect(RunnerCache.modelFlags(settings: nonisolated.settings) != RunnerCache.modelFlags(settings: weather.settings))
        #expect {
            try nonisolated.prepare()
        } throws: { error in
            guard case .doesNotCompile(let diagnostics) = error as? CompiledDecoder.Failure else { return false }
            return diagnostics.contains { $0.file.hasSuffix("Units.swift") && $0.message.contains("not concurrency-safe") }
        }
    }
}
