import Foundation
import TestSupport
import Testing

/// Hostile and slow models in the real binary in tmux (issue 11): reading them never stops the
/// explorer from answering keys, and a cyclic typealias saved into the model is a diagnostic,
/// not the end of the session.
@Suite(.serialized) struct TmuxHostileModelTests {
    typealias E2E = TmuxEndToEndTests
    static let socket = "ce-e2e-hostile-\(getpid())"

    @discardableResult
    static func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
        try E2E.tmux(arguments, capture: capture, socket: socket)
    }

    /// A model that takes swift-syntax seconds to read in a debug build: 800 properties of 8
    /// nested arrays, the deepest a model may nest.
    static let slowModel: String = {
        let type = String(repeating: "[", count: 8) + "Int" + String(repeating: "]", count: 8)
        return "struct S: Decodable {\n" + (1...800).map { "    var m\($0): \(type)?\n" }.joined() + "}\n"
    }()

    /// Polls for `text` on screen for at most `seconds`; the screen (once drawn whole) and
    /// whether it came.
    static func screen(_ session: String, until text: String, within seconds: Double) throws -> (String, Bool) {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        var shown = ""
        while ContinuousClock.now < deadline {
            shown = try tmux(["capture-pane", "-p", "-t", session])
            if shown.contains(text) { return (Tmux(socket: socket).settled(session, from: shown), true) }
            usleep(100_000)
        }
        return (shown, false)
    }

    @Test func slowAndCyclicModelsNeitherFreezeNorKillTheExplorer() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-e2e-hostile-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let payload = folder.appendingPathComponent("payload.json")
        let model = folder.appendingPathComponent("Models.swift")
        let marker = folder.appendingPathComponent("exit").path
        try #"{"a": [1, 2], "b": {"c": 3}}"#.write(to: payload, atomically: true, encoding: .utf8)
        try Self.slowModel.write(to: model, atomically: true, encoding: .utf8)

        // Before: the models were read before the screen opened, and again on the input loop.
        let session = "hostile"
        try Self.tmux(
            [
                "new-session", "-d", "-x", "80", "-y", "24", "-s", session,
                "cd / && TERM=xterm-256color \(E2E.binary.path) \(payload.path) --model \(model.path); echo $? > \(marker); sleep 5",
            ],
            capture: false)
        defer { try? Self.tmux(["kill-server"], capture: false) }
        let (opened, openedInTime) = try Self.screen(session, until: "payload.json", within: 4)
        #expect(openedInTime, "the screen did not open while the model is read: \(opened)")
        try Self.tmux(["send-keys", "-t", session, "j"], capture: false)
        let (moved, movedInTime) = try Self.screen(session, until: "$.a", within: 2)
        #expect(movedInTime, "j was not answered while the model is read: \(moved)")

        // A cyclic typealias saved while the explorer runs: the diagnostic with its place.
        try "typealias L1 = L2\ntypealias L2 = L1\nstruct S: Decodable { var m: L1 }\n".write(to: model, atomically: true, encoding: .utf8)
        // The schema engine's diagnostic, with its place; swiftc decides when a decode runs (--mode auto).
        let (cyclic, _) = try Self.screen(session, until: "Models.swift:1:11", within: 30)
        #expect(cyclic.contains("swiftc decides: Models.swift:1:11: error: type alias 'L1'"), "\(cyclic)")

        // The slow model saved again, then q at once: the explorer quits without waiting for it.
        try Self.slowModel.write(to: model, atomically: true, encoding: .utf8)
        usleep(600_000)  // the watcher polls every 250 ms
        try Self.tmux(["send-keys", "-t", session, "k"], capture: false)
        let (back, backInTime) = try Self.screen(session, until: "$ ", within: 2)
        #expect(backInTime, "k was not answered while the saved model is read: \(back)")
        let quitAt = ContinuousClock.now
        try Self.tmux(["send-keys", "-t", session, "q"], capture: false)
        while ContinuousClock.now - quitAt < .seconds(3) && !FileManager.default.fileExists(atPath: marker) { usleep(50_000) }
        #expect(
            (try? String(contentsOfFile: marker, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == "0",
            "q did not end the explorer within 3 s")
    }
}
