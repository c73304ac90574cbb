import Foundation
import TestSupport
import Testing

/// Decoding in the real binary in tmux: the bundled sample's error, then the user's model
/// edited on disk (fixed, then broken) while the explorer watches.
@Suite(.serialized) struct TmuxDecodeTests {
    typealias E2E = TmuxEndToEndTests
    /// Its own tmux server: the other end-to-end suite may kill its server meanwhile.
    static let socket = "ce-e2e-decode-\(getpid())"

    @discardableResult
    static func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
        try E2E.tmux(arguments, capture: capture, socket: socket)
    }

    static func screen(_ session: String, until text: String) throws -> String {
        try E2E.screen(session, until: text, socket: socket)
    }

    @Test func decodeJumpToTheErrorAndFollowModelEdits() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-e2e-decode-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let payload = folder.appendingPathComponent("payload.json")
        let model = folder.appendingPathComponent("Models.swift")
        try Data(contentsOf: Samples.folder.appendingPathComponent("01-basics/payload.json")).write(to: payload)
        let original = try String(contentsOf: Samples.folder.appendingPathComponent("01-basics/Models.swift"), encoding: .utf8)
        try original.write(to: model, atomically: true, encoding: .utf8)

        let session = "ce-e2e-decode-\(getpid())"
        try Self.tmux(
            [
                "new-session", "-d", "-x", "120", "-y", "30", "-s", session,
                "cd / && TERM=xterm-256color \(E2E.binary.path) \(payload.path) --model \(model.path) --type ProductCategory; sleep 5",
            ],
            capture: false)
        defer { _ = try? Self.tmux(["kill-server"], capture: false) }

        let decoded = try Self.screen(session, until: "✖ 1 error")
        #expect(decoded.contains("ProductCategory  ✖ 1 error"))
        #expect(decoded.contains("◆ decoding ProductCategory here"))

        _ = try Self.tmux(["send-keys", "-t", session, "]", "e"])
        let error = try Self.screen(session, until: "keyNotFound at products[1]")
        #expect(error.contains("+ \"description\": String"))
        #expect(error.contains("No value associated with key CodingKeys(stringValue: \"description\""))
        #expect(error.contains("let description: String"))

        // The user makes the property optional in their editor: the explorer decodes again.
        try original.replacingOccurrences(of: "let description: String", with: "let description: String?")
            .write(to: model, atomically: true, encoding: .utf8)
        #expect(try Self.screen(session, until: "✓ decodes").contains("ProductCategory  ✓ decodes"))

        // A model that stops parsing: diagnostics, and the explorer keeps running.
        try "struct ProductCategory: Decodable {\n    let category: String\n".write(to: model, atomically: true, encoding: .utf8)
        let broken = try Self.screen(session, until: "does not compile")
        #expect(broken.contains("✖ the model does not compile"))
        _ = try Self.tmux(["send-keys", "-t", session, "g", "j"])
        #expect(try Self.screen(session, until: "$.category").contains("$.category"))

        // The terminal goes away while the explorer polls its files: it must end, not spin.
        try Self.tmux(["kill-server"], capture: false)
        var running = true
        for _ in 0..<100 where running {
            // `[c]` keeps pgrep from matching the shell that runs it.
            running = ShellCommand.run("pgrep -f '[c]odable-explorer \(payload.path)' > /dev/null") == 0
            if running { usleep(100_000) }
        }
        #expect(!running, "the explorer ended when its terminal hung up")
    }

    /// Compiled mode (a hand-written `init(from:)`) marks, on the tree, an optional the model's own
    /// code decoded as nil in every object while each sends a key of a near spelling, as schema
    /// mode does; the verdict stays ✓.
    @Test func compiledModeMarksAnOptionalThatIsAlwaysNilOnTheTree() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-e2e-nil-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let payload = folder.appendingPathComponent("payload.json")
        let model = folder.appendingPathComponent("Models.swift")
        try #"[{"name": "a", "base_url": "https://a.example"}, {"name": "b", "base_url": "https://b.example"}]"#.write(
            to: payload, atomically: true, encoding: .utf8)
        try """
        struct Config: Decodable {
            let name: String
            let baseURL: String?

            enum CodingKeys: String, CodingKey { case name, baseURL }

            init(from decoder: any Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                name = try c.decode(String.self, forKey: .name)
                baseURL = try c.decodeIfPresent(String.self, forKey: .baseURL)
            }
        }

        """.write(to: model, atomically: true, encoding: .utf8)

        let session = "ce-e2e-nil-\(getpid())"
        try Self.tmux(
            [
                "new-session", "-d", "-x", "120", "-y", "30", "-s", session,
                "cd / && TERM=xterm-256color \(E2E.binary.path) \(payload.path) --model \(model.path) --type '[Config]'; sleep 5",
            ],
            capture: false)
        defer { _ = try? Self.tmux(["kill-server"], capture: false) }
        _ = try Self.screen(session, until: "✓ decodes")
        // The cursor on the first object: its row is marked, the detail pane says the whole warning.
        _ = try Self.tmux(["send-keys", "-t", session, "j"])
        let marked = try Self.screen(session, until: "decodes, but")
        #expect(marked.contains("[Config]  ✓ decodes"), "\(marked)")
        #expect(marked.contains("⚠ `baseURL` is always nil: sent as base_url"), "\(marked)")
        #expect(marked.contains("⚠ decodes, but: `baseURL` of Config is always nil"), "\(marked)")
    }
}
