import Foundation
import TestSupport
import Testing

/// `check`'s text output on every scenario of the tour, whole, as a user reads it in a
/// terminal: held by snapshots in `Snapshots/` (`SNAPSHOT_RECORD=1` records them again).
/// The binary runs in the scenario's folder with relative paths, so nothing machine-specific
/// is printed and nothing needs normalizing.
@Suite struct CheckSnapshotTests {
    struct Scenario: Decodable {
        struct Options: Decodable {
            var keyStrategy: String?
            var dateStrategy: String?
        }
        var type: String
        var path: String?
        var options: Options?
        /// The app's decoder expression, passed as `--decoder`.
        var decoder: String?

        var arguments: [String] {
            var arguments = ["check", "payload.json", "--model", "Models.swift", "--type", type]
            if let path { arguments += ["--path", path] }
            if let keys = options?.keyStrategy { arguments += ["--key-strategy", keys] }
            if let dates = options?.dateStrategy { arguments += ["--date-strategy", dates] }
            if let decoder { arguments += ["--decoder", decoder] }
            return arguments
        }
    }

    static let scenarios: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: Repository.samplePayloads.path)) ?? [])
        .filter { $0.first?.isNumber == true }.sorted()

    @Test func everyScenarioIsCompared() {
        #expect(Self.scenarios.count >= 22)
    }

    @Test(arguments: scenarios)
    func checkPrintsTheRecordedText(_ name: String) throws {
        let folder = Repository.samplePayloads.appendingPathComponent(name)
        let scenario = try JSONDecoder().decode(Scenario.self, from: Data(contentsOf: folder.appendingPathComponent("scenario.json")))
        let result = try ProcessRunner.run(BuiltProduct.codableExplorer, scenario.arguments, in: folder)
        let text =
            "$ codable-explorer " + scenario.arguments.joined(separator: " ") + "\n"
            + result.stdout + (result.stderr.isEmpty ? "" : "[stderr]\n" + result.stderr) + "[exit \(result.status)]"
        assertSnapshot(text, named: "check-" + name)
    }
}
