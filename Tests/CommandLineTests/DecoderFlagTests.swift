import Foundation
import TestSupport
import Testing

/// `--decoder` names the app's configured `JSONDecoder`: its strategies are the app's code, and
/// only compiled mode runs it. `check` and the explorer share the options and refuse the same
/// combinations with the same words, before anything is decoded or drawn.
@Suite struct DecoderFlagTests {
    @Test(
        "check and the explorer refuse --decoder with a strategy flag, or with --mode schema, alike",
        arguments: [
            (["--key-strategy", "snake-case"], "leave out the strategy flags"),
            (["--json5"], "leave out the strategy flags"),
            (["--mode", "schema"], "it needs --mode auto or compiled"),
        ])
    func refusedAlike(_ flags: [String], _ reason: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("decoder-flags-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(#"{"a": 1}"#.utf8).write(to: folder.appendingPathComponent("payload.json"))
        try Data(
            """
            import Foundation
            struct M: Decodable { let a: Int }
            func makeDecoder() -> JSONDecoder { JSONDecoder() }
            """.utf8
        ).write(to: folder.appendingPathComponent("M.swift"))
        let request = ["payload.json", "--model", "M.swift", "--type", "M", "--decoder", "makeDecoder()"] + flags
        let check = try ProcessRunner.run(BuiltProduct.codableExplorer, ["check"] + request, in: folder)
        let explore = try ProcessRunner.run(BuiltProduct.codableExplorer, request, in: folder)
        #expect(check.status == 2, "\(check.stderr)")
        #expect(explore.status == 2, "\(explore.stderr)")
        #expect(check.stderr.contains(reason), "\(check.stderr)")
        #expect(explore.stderr == check.stderr)
    }
}
