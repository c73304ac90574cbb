import Foundation
import TestSupport
import Testing

/// A model whose `init(from:)` never ends, in the real explorer in tmux: Esc, a new decode and `q`
/// each end the runner they leave behind, so cycles of Enter and Esc leave no process spinning.
@Suite(.serialized) struct TmuxRunawayModelTests {
    typealias E2E = TmuxEndToEndTests
    static let socket = "ce-e2e-runaway-\(getpid())"

    @discardableResult
    static func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
        try E2E.tmux(arguments, capture: capture, socket: socket)
    }

    @Test func escEnterAndQuitLeaveNoRunnerSpinning() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-e2e-runaway-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("cache"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let payload = folder.appendingPathComponent("payload.json")
        try #"[{"id": 4}]"#.write(to: payload, atomically: true, encoding: .utf8)
        let models = Repository.fixtures.appendingPathComponent("supervised/Models.swift")
        let cache = folder.appendingPathComponent("cache").path
        let marker = folder.appendingPathComponent("exit").path
        let session = "runaway"
        try Self.tmux(
            [
                "new-session", "-d", "-x", "100", "-y", "30", "-s", session,
                "cd / && XDG_CACHE_HOME=\(cache) TERM=xterm-256color \(E2E.binary.path) \(payload.path) --model \(models.path) --type '[Spinner]' --mode compiled; echo $? > \(marker); sleep 5",
            ],
            capture: false)
        defer { try? Self.tmux(["kill-server"], capture: false) }
        /// The runners of this test's cache that are running (their path holds the cache).
        func spinning() -> Int { ProcessTable.matching(cache + "/codable-explorer/runners/runner-").count }

        // The first decode compiles, then spins.
        #expect(ProcessTable.waitFor(timeout: .seconds(300)) { spinning() == 1 }, "no runner started")
        for cycle in 1...3 {
            try Self.tmux(["send-keys", "-t", session, "Escape"], capture: false)
            #expect(ProcessTable.waitFor(timeout: .seconds(10)) { spinning() == 0 }, "Esc left the runner spinning (cycle \(cycle))")
            try Self.tmux(["send-keys", "-t", session, "Enter"], capture: false)
            #expect(ProcessTable.waitFor(timeout: .seconds(30)) { spinning() == 1 }, "Enter started no decode (cycle \(cycle))")
        }
        // A newer decode replaces a running one: still one runner.
        try Self.tmux(["send-keys", "-t", session, "Enter"], capture: false)
        usleep(500_000)
        #expect(ProcessTable.waitFor(timeout: .seconds(10)) { spinning() <= 1 })
        try Self.tmux(["send-keys", "-t", session, "q"], capture: false)
        #expect(
            ProcessTable.waitFor(timeout: .seconds(10)) { FileManager.default.fileExists(atPath: marker) }, "q did not end the explorer")
        #expect(ProcessTable.waitFor(timeout: .seconds(10)) { spinning() == 0 }, "q left the runner spinning")
    }
}
