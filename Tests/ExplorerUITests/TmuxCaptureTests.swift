import Foundation
import TestSupport
import Testing

/// The real binary on a capture in tmux: the list shows, verdicts fill in, `]f` goes to a failing
/// entry, Enter opens its tree decoded with the route's type, Backspace comes back to the same
/// row, and a save of a model or of the routes file checks the capture again.
@Suite(.serialized) struct TmuxCaptureTests {
    typealias E2E = TmuxEndToEndTests
    static let socket = "ce-e2e-capture-\(getpid())"

    @discardableResult
    static func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
        try E2E.tmux(arguments, capture: capture, socket: socket)
    }

    /// Waits until the screen shows `text`, and fails when it never does.
    static func screen(_ session: String, until text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let screen = try E2E.screen(session, until: text, socket: socket)
        #expect(screen.contains(text), "never shown: \(text)\n\(screen)", sourceLocation: sourceLocation)
        return screen
    }

    @Test func listOpenBackAndRecheckOnASave() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-e2e-capture-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixtures = Repository.fixtures.appendingPathComponent("captures")
        for name in ["explorer.har", "api.routes", "Models.swift"] {
            try FileManager.default.copyItem(at: fixtures.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let routes = folder.appendingPathComponent("api.routes")
        let session = "ce-e2e-capture-\(getpid())"
        try Self.tmux(
            [
                "new-session", "-d", "-x", "120", "-y", "40", "-s", session,
                "cd \(folder.path) && TERM=xterm-256color \(E2E.binary.path) explorer.har --routes api.routes --model Models.swift; sleep 5",
            ],
            capture: false)
        defer { _ = try? Self.tmux(["kill-server"], capture: false) }

        let list = try Self.screen(session, until: "✓ 3  ✖ 3")
        #expect(list.contains("explorer.har  10 entries"))
        #expect(!list.contains("planted-SECRET"))
        #expect(list.contains("Authorization") == false)  // request headers are not the response's

        _ = try Self.tmux(["send-keys", "-t", session, "]", "f"])
        let failing = try Self.screen(session, until: "typeMismatch")
        #expect(failing.contains("GET https://api.example.com/v1/users/8"))

        _ = try Self.tmux(["send-keys", "-t", session, "Enter"])
        let tree = try Self.screen(session, until: "explorer.har #1 GET /v1/users/8")
        #expect(tree.contains("Backspace list"))
        _ = try Self.screen(session, until: "✖")

        _ = try Self.tmux(["send-keys", "-t", session, "BSpace"])
        let back = try Self.screen(session, until: "]f/[f failing")
        #expect(back.contains("GET https://api.example.com/v1/users/8"), "the cursor stayed on entry 1")

        // A model saved: the capture is checked again with it; saved back, as before.
        let model = folder.appendingPathComponent("Models.swift")
        let original = try String(contentsOf: model, encoding: .utf8)
        try original.replacingOccurrences(of: "let id: Int", with: "let id: String").write(to: model, atomically: true, encoding: .utf8)
        #expect(try Self.screen(session, until: "✓ 1  ✖ 5").contains("explorer.har  10 entries"))
        try original.write(to: model, atomically: true, encoding: .utf8)
        _ = try Self.screen(session, until: "✓ 3  ✖ 3")

        // The routes file saved: every entry is checked again with the new rules.
        try String(contentsOf: routes, encoding: .utf8).replacingOccurrences(
            of: "GET    /v1/users/{id}    User", with: "GET /v1/users/{id} APIError"
        )
        .write(to: routes, atomically: true, encoding: .utf8)
        let rechecked = try Self.screen(session, until: "✓ 2  ✖ 4")
        #expect(rechecked.contains("APIError"))
        _ = try Self.tmux(["send-keys", "-t", session, "q"])
    }
}
