import Capture
import DecodingEngine
import Foundation
import JSONTree
import TestSupport
import Testing

@testable import ExplorerUI

/// The explorer's list of a capture's entries (issue 38): its keys on pure state, its screens
/// with the verdicts a real worker session gives (snapshots at 80x24 and 120x40), the tree of an
/// opened entry, and secrets that never reach a screen.
@Suite struct CaptureListTests {
    static let folder = Repository.fixtures.appendingPathComponent("captures")
    static let models = folder.appendingPathComponent("Models.swift")

    static func capture(_ name: String = "explorer.har") throws -> Capture {
        try Capture.open([UInt8](try Data(contentsOf: folder.appendingPathComponent(name))), format: .har, file: name)
    }

    static func routes() throws -> RouteTable {
        try RouteTable.parse(
            String(decoding: try Data(contentsOf: folder.appendingPathComponent("api.routes")), as: UTF8.self), file: "api.routes")
    }

    /// The list as it opens, before the session answered.
    static func openingState() throws -> CaptureListState {
        CaptureListState(name: "explorer.har", rows: CaptureListApp.rows(try capture(), routes: try routes()))
    }

    /// The list once a real worker session (the built binary) answered for every entry.
    static func checkedApp(allErrors: Bool = true) throws -> CaptureListApp {
        let capture = try capture()
        var options = DecodeOptions()
        options.allErrors = allErrors
        let bodies = FileManager.default.temporaryDirectory.appendingPathComponent("capture-list-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: bodies, withIntermediateDirectories: true)
        let checker = CaptureChecker(
            capture: capture, models: ModelSet(paths: [models.path]), options: options, bodies: bodies,
            executable: BuiltProduct.codableExplorer)
        return CaptureListApp(name: "explorer.har", capture: capture, routes: try routes(), checker: checker)
    }

    /// Runs the list on a scripted terminal: each key waits for the session, as a reader would.
    static func run(_ app: CaptureListApp, keys: [Key], width: Int, height: Int) -> (Int?, RecordingBackend) {
        let backend = RecordingBackend(width: width, height: height, keys: keys)
        return (app.run(backend: backend), backend)
    }

    static func keys(_ text: String) -> [Key] { text.map { .character($0) } }

    /// A state whose entries 1 and 2 failed and the rest decoded (the keys' moves, not verdicts).
    static func stateWithFailures() throws -> CaptureListState {
        var state = try openingState()
        for row in state.rows where row.mark == .checking {
            let fails = row.index == 1 || row.index == 2
            state.perform(
                .verdict(
                    CaptureOutcomeSummary(
                        index: row.index, verdict: fails ? .fails : .decodes, errorResponse: false, errorCount: fails ? 2 : 0),
                    generation: 0))
        }
        return state
    }

    static func press(_ keys: [Key], _ state: inout CaptureListState) -> [CaptureListEffect] {
        var effects: [CaptureListEffect] = []
        for key in keys {
            for action in state.actions(for: key) { effects += state.perform(action) }
        }
        return effects
    }

    // MARK: The rows as the routes plan them

    @Test func theListShowsEveryEntryAtOnceWithWhatTheRoutesAlreadySay() throws {
        let state = try Self.openingState()
        #expect(state.rows.count == 10)
        #expect(state.rows.map(\.mark)[3] == .errorResponse)  // 401 on /account/me: no rule covers it
        #expect(state.rows[4].rule?.typeExpression == "APIError")  // 404 under /v1: the status rule
        #expect(state.rows[6].mark == .skipped("not JSON (image/png)"))
        #expect(state.rows[7].mark == .skipped("no content"))
        #expect(state.rows[9].mark == .unmapped)
        #expect(state.rows[0].mark == .checking)
        #expect(state.isChecking)
    }

    // MARK: Keys, on pure state

    @Test func bracketFGoesToTheNextAndPreviousFailingEntryAndWraps() throws {
        var state = try Self.stateWithFailures()
        _ = Self.press([.character("]"), .character("f")], &state)
        #expect(state.selected?.index == 1)
        _ = Self.press([.character("]"), .character("f")], &state)
        #expect(state.selected?.index == 2)
        _ = Self.press([.character("]"), .character("f")], &state)
        #expect(state.selected?.index == 1)
        #expect(state.status?.text == "search wrapped")
        _ = Self.press([.character("["), .character("f")], &state)
        #expect(state.selected?.index == 2)
        _ = Self.press([.character("G"), .character("["), .character("f")], &state)
        #expect(state.selected?.index == 2)
    }

    @Test func bracketFSaysSoWhenNothingFails() throws {
        var state = try Self.openingState()
        _ = Self.press([.character("]"), .character("f")], &state)
        #expect(state.selected?.index == 0)
        #expect(state.status?.text == "no failing entry yet (still checking)")
    }

    @Test func slashFiltersByURLAndKeepsTheCursorsEntry() throws {
        var state = try Self.stateWithFailures()
        _ = Self.press(Self.keys("jj"), &state)
        #expect(state.selected?.index == 2)
        _ = Self.press([.character("/")] + Self.keys("USERS?") + [.enter], &state)
        #expect(state.prompt == nil)
        #expect(state.filter == "USERS?")
        #expect(state.shown.map { state.rows[$0].index } == [2])
        #expect(state.selected?.index == 2)
        // `]f` goes among the shown entries only.
        _ = Self.press([.character("/"), .control("u")] + Self.keys("/v1/users/") + [.enter], &state)
        #expect(state.shown.map { state.rows[$0].index } == [0, 1, 4, 7, 8])
        #expect(state.selected?.index == 4)
        _ = Self.press([.character("]"), .character("f")], &state)
        #expect(state.selected?.index == 1)
        // A filter that shows nothing, then Esc: the filter before it is back, and the cursor's entry.
        _ = Self.press([.character("/"), .character("x")], &state)
        #expect(state.shown.isEmpty)
        _ = Self.press([.escape], &state)
        #expect(state.filter == "/v1/users/")
        #expect(state.selected?.index == 1)
        // Esc on the list clears the filter; the cursor stays on its entry.
        _ = Self.press([.escape], &state)
        #expect(state.filter.isEmpty)
        #expect(state.shown.count == 10)
        #expect(state.selected?.index == 1)
    }

    @Test func enterOpensAnEntryWithARouteAndSaysWhyNotOtherwise() throws {
        var state = try Self.stateWithFailures()
        #expect(Self.press(Self.keys("j") + [.enter], &state) == [.open(1)])
        _ = Self.press(Self.keys("jjjjj"), &state)
        #expect(state.selected?.index == 6)
        #expect(Self.press([.enter], &state).isEmpty)
        #expect(state.status?.text == "entry 6 has nothing to decode: skipped: not JSON (image/png)")
    }

    /// Open, back: the list comes back with its cursor where it was (the app keeps its state).
    @Test func openingAndComingBackKeepsTheCursor() throws {
        let app = CaptureListApp(name: "explorer.har", capture: try Self.capture(), routes: try Self.routes(), checker: nil)
        let (opened, _) = Self.run(app, keys: Self.keys("jjj") + [.character("G"), .character("k"), .enter], width: 80, height: 24)
        #expect(opened == 8)
        let (again, backend) = Self.run(app, keys: [], width: 80, height: 24)
        #expect(again == nil)
        #expect(app.state.selected?.index == 8)
        let first = try #require(backend.frames.first)
        let cursorRow = try #require((0..<first.height).first { first[0, $0].style == .cursor })
        #expect(first.text.split(separator: "\n", omittingEmptySubsequences: false)[cursorRow].hasPrefix(" 8 GET"))
    }

    /// In the opened entry's tree, Backspace goes back to the list (and says nothing else did).
    @Test func backspaceInAnOpenedEntryGoesBackToTheList() throws {
        var state = ExplorerState(tree: try JSONTree.parse(Array("{\"id\": 1}".utf8)), fileName: "entry")
        #expect(state.perform(.backToList).isEmpty)
        #expect(state.status?.text == "this payload was not opened from a capture list")
        state.captureEntry = "explorer.har #1"
        #expect(KeyMap.standard.match([.backspace]) == .action(.backToList))
        #expect(state.perform(.backToList) == [.backToList])
        let backend = RecordingBackend(width: 80, height: 24, keys: [.character("j"), .backspace, .character("j")])
        let app = ExplorerApp(state: state, backend: backend)
        app.run()
        #expect(app.wentBackToList)
        #expect(try #require(backend.frames.last).text.contains("Backspace list"))
    }

    // MARK: Screens, with a real session's verdicts

    static let sizes = [(80, 24), (120, 40)]

    @Test func theCheckedListIsTheRecordedOne() throws {
        let app = try Self.checkedApp()
        for (width, height) in Self.sizes {
            let (_, backend) = Self.run(app, keys: [], width: width, height: height)
            assertSnapshot(try #require(backend.frames.last).styledText, named: "capture-list.\(width)x\(height)")
        }
        #expect(!app.state.isChecking)
        // What the session said, beside what the routes said at once.
        #expect(app.state.rows[0].mark == .decodes)
        #expect(app.state.rows[1].isFailing)
        #expect(app.state.rows[4].mark == .decodes)
    }

    @Test func theFirstFailingEntrysDetailIsTheRecordedOne() throws {
        let app = try Self.checkedApp()
        for (width, height) in Self.sizes {
            let (_, backend) = Self.run(app, keys: [.character("g"), .character("]"), .character("f")], width: width, height: height)
            assertSnapshot(try #require(backend.frames.last).styledText, named: "capture-list-failing.\(width)x\(height)")
        }
    }

    /// The tree of an opened entry: its body, decoded with its route's type at its key path,
    /// errors inline, as the explorer shows any payload (decoded in process here).
    @Test func anOpenedEntrysTreeIsTheRecordedOne() throws {
        let app = CaptureListApp(name: "explorer.har", capture: try Self.capture(), routes: try Self.routes(), checker: nil)
        let opened = try app.opening(2).get()
        #expect(opened.rule.typeExpression == "[User]")
        var options = DecodeOptions()
        options.allErrors = true
        let setup = DecodeSetup.load(modelPaths: [Self.models.path], typeExpression: opened.rule.typeExpression, options: options)
        for (width, height) in Self.sizes {
            var state = ExplorerState(tree: opened.tree, fileName: opened.title, decode: DecodeSession(setup: setup, root: opened.root))
            state.captureEntry = opened.label
            let backend = RecordingBackend(width: width, height: height, keys: [.character("]"), .character("e")])
            let explorer = ExplorerApp(
                state: state, backend: backend, services: ExplorerServices(decoder: InProcessDecodeService(payload: opened.body)))
            explorer.run(initial: [.redecode])
            let frame = try #require(backend.frames.last).styledText.replacingOccurrences(of: Repository.root.path + "/", with: "")
            assertSnapshot(frame, named: "capture-entry-tree.\(width)x\(height)")
        }
    }

    // MARK: Secrets and hostile strings

    /// Every row selected in turn, at both sizes, and the opened entry's tree: no planted secret
    /// (headers, cookies, query string) and no raw control character is ever on screen.
    @Test func noSecretAndNoControlCharacterReachesAScreen() throws {
        let app = try Self.checkedApp()
        var screens: [String] = []
        for (width, height) in Self.sizes + [(40, 10)] {
            let keys: [Key] = [.character("g")] + Array(repeating: .character("j"), count: app.state.rows.count)
            let (_, backend) = Self.run(app, keys: keys + [.character("/")] + Self.keys("api_key") + [.enter], width: width, height: height)
            screens += backend.frames.map(\.text)
        }
        #expect(screens.count > 20)
        #expect(screens.contains { $0.contains("api_key=•••") })
        #expect(screens.contains { $0.contains("set-cookie: •••") })
        for screen in screens {
            #expect(!screen.contains("planted-SECRET"), "\(screen)")
            #expect(!screen.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || $0.value == 0x7F || $0 == "\u{202E}" }, "\(screen)")
        }
        #expect(try String(contentsOf: Self.folder.appendingPathComponent("explorer.har"), encoding: .utf8).contains("planted-SECRET"))
    }

    /// While swiftc compiles, before any entry has its verdict, the header says so instead of a count
    /// that does not move; the first verdict puts the count back.
    @Test func aCompileIsSaidInTheHeaderUntilTheFirstVerdict() throws {
        var state = try Self.openingState()
        _ = state.perform(.compiling(CompileStart(files: 1, buildsRunnerLibrary: true), generation: 0))
        for (width, height) in Self.sizes {
            let screen = CaptureListRenderer.render(state, width: width, height: height)
            assertSnapshot(screen.styledText, named: "capture-list-compiling.\(width)x\(height)")
        }
        _ = state.perform(.compiling(CompileStart(files: 2), generation: 7))
        #expect(state.compiling == CompileStart(files: 1, buildsRunnerLibrary: true), "an older check's compile is not this one's")
        _ = state.perform(.verdict(CaptureOutcomeSummary(index: 0, verdict: .decodes, errorResponse: false, errorCount: 0), generation: 0))
        #expect(state.compiling == nil)
        let header = CaptureListRenderer.render(state, width: 120, height: 40).text.split(separator: "\n")[0]
        #expect(header.hasSuffix("checking \(state.answered)/10…"), "\(header)")
    }

    /// A real session whose runner is not built yet tells the list of the compile before the first
    /// verdict, and the verdicts then come as for a runner found built.
    @Test func aSessionThatCompilesTellsTheListFirst() throws {
        let capture = try Self.capture()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("capture-compile-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        // The fixture's models with a line of this test's own: a runner no other test built.
        let model = scratch.appendingPathComponent("Models.swift")
        let text = try String(contentsOf: Self.models, encoding: .utf8) + "\n// \(UUID().uuidString)\n"
        try Data(text.utf8).write(to: model)
        let checker = CaptureChecker(
            capture: capture, models: ModelSet(paths: [model.path], mode: .compiled), options: DecodeOptions(), bodies: scratch,
            executable: BuiltProduct.codableExplorer)
        let inbox = Inbox<CaptureListAction>()
        checker.start(routes: try Self.routes(), generation: 3, inbox: inbox)
        checker.waitUntilIdle()
        let actions = inbox.drain()
        let compile = actions.firstIndex { if case .compiling(let start, 3) = $0 { start.files == 1 } else { false } }
        let verdict = actions.firstIndex { if case .verdict(_, 3) = $0 { true } else { false } }
        #expect(compile != nil && verdict != nil && compile! < verdict!, "\(actions)")
        var state = try Self.openingState()
        _ = state.perform(.restarted(rows: state.rows, generation: 3))
        for action in actions { _ = state.perform(action) }
        #expect(!state.isChecking && state.compiling == nil)
        #expect(state.rows[0].mark == .decodes && state.rows[1].isFailing)
    }

    @Test func aTinyTerminalSaysSo() throws {
        let state = try Self.openingState()
        let screen = CaptureListRenderer.render(state, width: 20, height: 5)
        #expect(screen.text.hasPrefix("Too small\nneed 30x8"))
    }
}
