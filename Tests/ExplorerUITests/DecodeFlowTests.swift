import DecodingEngine
import Foundation
import JSONTree
import TestSupport
import Testing

@testable import ExplorerUI

/// Decoding in the explorer, as a user drives it: decode, jump to the error, read it, pick a
/// type, change a strategy; results drawn on the tree, stale results dropped.
@Suite struct DecodeFlowTests {
    static func app(
        _ scenario: String, type: String?, events: [InputEvent], width: Int = 100, height: Int = 30,
        options: DecodeOptions = DecodeOptions()
    ) throws -> (RecordingBackend, ExplorerApp, InProcessDecodeService) {
        let payload = Samples.payload(scenario)
        let setup = DecodeSetup.load(modelPaths: [Samples.model(scenario)], typeExpression: type, options: options)
        let state = ExplorerState(tree: try JSONTree.parse(payload), fileName: "payload.json", decode: DecodeSession(setup: setup))
        let backend = RecordingBackend(width: width, height: height, events: events)
        let service = InProcessDecodeService(payload: payload)
        let app = ExplorerApp(state: state, backend: backend, services: ExplorerServices(decoder: service))
        app.run(initial: type == nil ? [] : [.redecode])
        return (backend, app, service)
    }

    static func keys(_ text: String) -> [InputEvent] { text.map { .key(.character($0)) } }

    @Test func theFirstErrorIsAGhostKeyInTheObjectThatLacksIt() throws {
        let (backend, app, _) = try Self.app("01-basics", type: "ProductCategory", events: Self.keys("]e"), width: 140)
        let screen = backend.frames.last!.text
        let lines = screen.split(separator: "\n").map(String.init)
        #expect(lines[0].contains("ProductCategory  ✖ 1 error"))
        // The ghost row sits inside products[1], after its members, before its `}`.
        let ghost = try #require(lines.firstIndex { $0.contains("+ \"description\": String") })
        #expect(lines[ghost - 1].contains("\"inStock\": false"))
        #expect(lines[ghost + 1].trimmingCharacters(in: .whitespaces) == "}")
        #expect(lines[ghost].hasPrefix("┄"))
        // The detail pane has Foundation's words, the coding path and the model property.
        #expect(screen.contains("✖ keyNotFound at products[1]   line 10, col 5"))
        #expect(screen.contains(#"No value associated with key CodingKeys(stringValue: "description", intValue: nil) ("description")."#))
        #expect(screen.contains("Models.swift:11:9  let description: String"))
        #expect(app.state.cursor.ghost == 0)
    }

    @Test func everyErrorInAllErrorsModeIsAStopInDocumentOrder() throws {
        var options = DecodeOptions()
        options.allErrors = true
        // Scenario 18 has three independent errors: a null price, a missing quantity, "many".
        let (backend, app, _) = try Self.app("18-bad-array-elements", type: "[CartItem]", events: Self.keys("]e]e]e[e"), options: options)
        let overlay = try #require(app.state.decode.overlay)
        #expect(overlay.stops.count == overlay.report.errors.count)
        try #require(overlay.stops.count == 3)
        let rows = overlay.stops.map(\.row.node)
        #expect(rows == rows.sorted())
        #expect(Set(rows).count == 3)
        // Three forward (first, second, third), one back: the second stop.
        #expect(app.state.cursor == overlay.stops[1].row)
        #expect(backend.frames.last!.text.contains("error 2 of 3"))
        // A fourth ]e wraps around to the first stop.
        let (wrapped, wrappedApp, _) = try Self.app(
            "18-bad-array-elements", type: "[CartItem]", events: Self.keys("]e]e]e]e"), options: options)
        #expect(wrappedApp.state.cursor == overlay.stops[0].row)
        #expect(wrapped.frames.last!.text.contains("error 1 of 3"))
    }

    @Test func enterDecodesAtTheCursorAndTheRootIsMarked() throws {
        // j: "category", j: "products", l: its first element; Enter decodes Product there.
        let (backend, app, service) = try Self.app("01-basics", type: "Product", events: Self.keys("jjl") + [.key(.enter)])
        let last = try #require(service.requests.last)
        #expect(last.path.description == "$.products[0]")
        #expect(app.state.decode.overlay?.report.ok == true)
        let screen = backend.frames.last!
        #expect(screen.text.split(separator: "\n")[0].contains("Product  ✓ decodes"))
        #expect(screen.text.contains("◆ decoding Product here  ✓ decodes"))
        let rootLine = try #require(screen.styledText.split(separator: "\n").first { $0.contains("decoding Product here") })
        #expect(rootLine.hasPrefix("[R]◆[/]"))
    }

    @Test func theTypePickerFiltersFuzzilyAndTakesTypeExpressions() throws {
        let (_, app, service) = try Self.app("01-basics", type: nil, events: Self.keys("tpc") + [.key(.enter)])
        #expect(app.state.decode.setup.typeExpression == "ProductCategory")
        #expect(service.requests.count == 1)
        #expect(TypePicker.matches("prd", in: ["Product", "ProductCategory", "Order"]) == ["Product", "ProductCategory"])
        #expect(TypePicker.matches("pc", in: ["Product", "ProductCategory"]) == ["ProductCategory", "Product"])
        #expect(TypePicker.matches("song", in: ["PageEntity", "Song", "SongList"]) == ["Song", "SongList"])

        let (_, typed, _) = try Self.app("01-basics", type: nil, events: Self.keys("t[Product]") + [.key(.enter)])
        #expect(typed.state.decode.setup.typeExpression == "[Product]")

        let (backend, unknown, _) = try Self.app("01-basics", type: nil, events: Self.keys("tNope<") + [.key(.enter)])
        #expect(unknown.state.decode.setup.typeExpression == nil)
        #expect(backend.frames.last!.text.contains("Nope<"))
        if case .prompt = unknown.state.mode {} else { Issue.record("the picker stays open on an unknown type") }
    }

    @Test func changingAStrategyDecodesAgainWithIt() throws {
        // o, j: dates, space: deferred -> iso8601, o: close and decode again.
        let (backend, app, service) = try Self.app("09-dates-iso8601", type: "Schedule", events: Self.keys("oj oj"))
        #expect(service.requests.count == 2)
        #expect(service.requests.last?.options.dates == .iso8601)
        #expect(app.state.decode.overlay?.report.ok == (app.state.decode.overlay?.report.errors.isEmpty ?? false))
        #expect(backend.frames.contains { $0.text.contains("JSONDecoder options") && $0.text.contains("iso8601") })
    }

    @Test func aNewerDecodeSupersedesAnOlderOne() throws {
        let tree = try JSONTree.parse(Samples.payload("01-basics"))
        let setup = DecodeSetup.load(modelPaths: [Samples.model("01-basics")], typeExpression: "ProductCategory", options: DecodeOptions())
        var state = ExplorerState(tree: tree, fileName: "p.json", decode: DecodeSession(setup: setup))
        let first = state.perform(.redecode, treeRows: 10)
        let second = state.perform(.redecode, treeRows: 10)
        #expect(first.count == 1)
        #expect(second.first == .cancelDecode)
        guard case .startDecode(let older)? = first.first, case .startDecode(let newer)? = second.last else {
            Issue.record("each request starts a decode"); return
        }
        let outcome = InProcessDecodeService.decode(older, payload: Samples.payload("01-basics"))
        state.perform(.decodeFinished(requestID: older.id, outcome), treeRows: 10)
        #expect(state.decode.isRunning)
        #expect(state.decode.overlay == nil)
        state.perform(.decodeFinished(requestID: newer.id, outcome), treeRows: 10)
        #expect(!state.decode.isRunning)
        #expect(state.decode.overlay != nil)
        // Esc cancels a running decode.
        state.perform(.redecode, treeRows: 10)
        #expect(state.perform(.cancel, treeRows: 10) == [.cancelDecode])
        #expect(!state.decode.isRunning)
    }

    /// The real binary in tmux, on a model whose own init(from:) calls fatalError: compiled mode
    /// runs it, it traps as the app would, and the explorer says so in the runtime's words and
    /// goes on answering keys.
    @Test func aCrashInTheDecoderIsShownNotFatal() throws {
        let folder = Repository.fixtures.appendingPathComponent("trapping-model")
        let tmux = Tmux(socket: "ce-crash-\(getpid())")
        let marker = FileManager.default.temporaryDirectory.appendingPathComponent("ce-crash-exit-\(getpid())").path
        try? FileManager.default.removeItem(atPath: marker)
        defer {
            tmux.run(["kill-server"], capture: false)
            try? FileManager.default.removeItem(atPath: marker)
        }
        let command =
            "cd \(Tmux.shellQuoted(folder.path)) && TERM=xterm-256color \(Tmux.shellQuoted(BuiltProduct.codableExplorer.path))"
            + " payload.json --model Models.swift --type Reading; echo $? > \(Tmux.shellQuoted(marker)); sleep 10"
        tmux.run(["new-session", "-d", "-x", "100", "-y", "30", "-s", "crash", command], capture: false)
        // Compiling the model with swiftc takes seconds (cached by content after the first run).
        let crashed = tmux.screen("crash", until: "could not decode", seconds: 120)
        #expect(crashed.contains("Reading  ✖ could not decode"), "\(crashed)")
        let words = crashed.split(separator: "\n").joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(
            words.contains("the compiled model crashed decoding this payload (signal 4): Fatal error: count is not a number: ten"),
            "\(crashed)")
        #expect(words.contains("(Models.swift:15)"), "\(crashed)")
        // Still running: j moves the cursor (the header shows its path), and q quits with status 0.
        tmux.run(["send-keys", "-t", "crash", "j"], capture: false)
        let moved = tmux.screen("crash", until: "$.count", seconds: 5)
        #expect(moved.contains("$.count"), "\(moved)")
        tmux.run(["send-keys", "-t", "crash", "q"], capture: false)
        for _ in 0..<50 where !FileManager.default.fileExists(atPath: marker) { usleep(100_000) }
        #expect((try? String(contentsOfFile: marker, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
    }
}
