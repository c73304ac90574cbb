import DecodingEngine
import Foundation
import JSONTree
import TestSupport
import Testing

@testable import ExplorerUI

/// The product's signature screens, whole, with their styles, at 80x24 and 120x40: held by
/// snapshots in `Snapshots/` (`SNAPSHOT_RECORD=1` records them again; look at them before
/// committing). Each frame is the last one the explorer drew after the keys, decoded in process.
@Suite struct ScreenSnapshotTests {
    struct Case: CustomStringConvertible, Sendable {
        var name: String
        var scenario = "01-basics"
        var type: String? = "ProductCategory"
        var keys: [InputEvent] = []
        var payload: String?
        var allErrors = false
        /// Actions after the decode, before the keys (what a file watcher brings).
        var actions: [Action] = []
        /// The tour's scenarios, as the explorer opened with no arguments has them.
        var tour = false

        var description: String { name }
    }

    static func keys(_ text: String) -> [InputEvent] { text.map { .key(.character($0)) } }

    /// The default sample's payload with a description too long for any screen, for wrapping.
    static let longStrings = """
        {
          "category": "Soap",
          "products": [
            {
              "name": "Mr. Soapy Bar",
              "price": 4.5,
              "description": "Lavender, hand-made in small batches from cold-pressed olive oil, shea butter and the flowers of a Provence field; cured for six weeks",
              "inStock": true
            },
            {"name": "Squeeky Bottle", "price": 12, "inStock": false}
          ]
        }
        """

    /// The default sample with three products lacking a description: one mistake, three times.
    static let sameMistakeThrice = """
        {
          "category": "Soap",
          "products": [
            {"name": "Mr. Soapy Bar", "price": 4.5, "inStock": true},
            {"name": "Squeeky Bottle", "price": 12, "inStock": false},
            {"name": "Foam Cube", "price": 3, "inStock": true, "description": "square"},
            {"name": "Bath Bomb", "price": 2.5, "inStock": true}
          ]
        }
        """

    /// The default sample cut by a missing comma: what comes before it opens, the error marked.
    static let missingComma = """
        {
          "category": "Soap",
          "products": [
            {"name": "Mr. Soapy Bar", "price": 4.5, "inStock": true, "description": "bar"}
            {"name": "Squeeky Bottle", "price": 12, "inStock": false, "description": "bottle"}
          ]
        }
        """

    /// The default sample with every description there: it decodes, so the value view has a value.
    static let decodes = """
        {
          "category": "Soap",
          "products": [
            {"name": "Mr. Soapy Bar", "price": 4.5, "inStock": true, "description": "Lavender, hand-made"},
            {"name": "Squeeky Bottle", "price": 12, "inStock": false, "description": "A bottle that squeaks when it is squeezed"}
          ]
        }
        """

    /// The default sample on one line, as an API sends it: line mode lays it out pretty.
    static let minified =
        #"{"category":"Soap","products":[{"name":"Mr. Soapy Bar","price":4.5,"inStock":true,"description":"bar"},"#
        + #"{"name":"Squeeky Bottle","price":12,"inStock":false},{"name":"Foam Cube","price":3,"inStock":true,"description":"square"}]}"#

    /// Forty products: the root's value is longer than the worker sends (2,000 characters).
    static let manyProducts =
        #"{"category": "Soap", "products": ["#
        + (1...40).map { #"{"name": "Soap \#($0)", "price": \#($0).5, "inStock": true, "description": "bar"}"# }.joined(separator: ", ")
        + "]}"

    /// Millisecond epochs read by `.deferredToDate`: the payload decodes, into the year 55,871.
    static let millisecondEpochs = """
        {
          "id": "tx_88124",
          "amount": 17.5,
          "createdAt": 1709632800000,
          "settledAt": 1709640000000
        }
        """

    static let cases: [Case] = [
        Case(name: "tree-after-decode"),
        Case(name: "error-detail", keys: keys("]e")),
        Case(name: "fixes", keys: keys("]ef")),
        Case(name: "stepping", keys: keys("]ei")),
        Case(name: "options", keys: keys("o")),
        Case(name: "help", keys: [.key(.function(1))]),
        Case(name: "line-mode", keys: keys("m")),
        Case(name: "line-mode-minified", keys: keys("mjjjjjjj"), payload: minified),
        Case(name: "wrap", keys: keys("wjjlljjj"), payload: longStrings),
        Case(name: "null-for-a-string", scenario: "03-null-vs-missing", type: "Team", keys: keys("]e")),
        Case(name: "all-errors", scenario: "18-bad-array-elements", type: "[CartItem]", keys: keys("]e]e"), allErrors: true),
        Case(name: "grouped-errors", keys: keys("]e]e"), payload: sameMistakeThrice, allErrors: true),
        Case(name: "not-json", type: nil, payload: missingComma),
        Case(name: "not-json-line-mode", type: nil, keys: keys("m"), payload: missingComma),
        Case(name: "value-view", keys: keys("jj") + [.key(.tab)], payload: decodes),
        Case(name: "value-cut-short", keys: [.key(.tab)] + keys("}}}}}}}}"), payload: manyProducts),
        Case(name: "value-view-folded", keys: keys("jj") + [.key(.tab)] + keys("-"), payload: decodes),
        Case(name: "folded-errors", scenario: "18-bad-array-elements", type: "[CartItem]", keys: keys("h"), allErrors: true),
        // One rule for shortening: the question and its keys whole, the path from its left.
        Case(name: "write-confirmation", keys: keys("]ef") + [.key(.enter)]),
        Case(name: "tour", type: nil, keys: keys("S") + Array(repeating: .key(.character("j")), count: 12), tour: true),
        // Limits said: more errors than the first-error decode shows; a save that is not JSON.
        Case(name: "first-of-many-errors", scenario: "18-bad-array-elements", type: "[CartItem]", keys: keys("]e")),
        Case(name: "all-errors-by-key", scenario: "18-bad-array-elements", type: "[CartItem]", keys: keys("]eE")),
        Case(name: "first-of-many-fixes", scenario: "18-bad-array-elements", type: "[CartItem]", keys: keys("]ef")),
        // Panes follow the cursor: the value after a `:` jump; the property of a failed decode's error.
        Case(name: "value-after-jump", keys: [.key(.tab)] + keys(":products[1].name") + [.key(.enter)], payload: decodes),
        Case(name: "value-after-search", keys: [.key(.tab)] + keys("/squeaks") + [.key(.enter)], payload: decodes),
        // "Decodes, but": the verdict stays ✓, the dates are marked, the pane says the year.
        Case(
            name: "decodes-but-warning", scenario: "12-dates-milliseconds", type: "Transaction", keys: keys("jjj"),
            payload: millisecondEpochs),
        Case(name: "source-of-an-error", keys: keys("]e") + [.key(.tab), .key(.tab)]),
        Case(
            name: "stale-tree", keys: keys("jj"),
            actions: [.payloadUnreadable("payload.json:4:7: the saved payload is not JSON: unexpected character '}'")]),
    ]

    static let sizes = [(80, 24), (120, 40)]

    /// The last frame after the keys, as styled text; the repository's own path (in model
    /// locations) is the only thing that varies between machines and is cut.
    static func frame(_ test: Case, width: Int, height: Int, styled: Bool = true) throws -> String {
        let payload = test.payload.map { [UInt8]($0.utf8) } ?? Samples.payload(test.scenario)
        var options = DecodeOptions()
        options.allErrors = test.allErrors
        let setup = DecodeSetup.load(modelPaths: [Samples.model(test.scenario)], typeExpression: test.type, options: options)
        // As the explorer opens a payload: what can be read of it.
        let tree = try JSONTree.parseReadablePart(payload)
        var state = ExplorerState(tree: tree, fileName: "payload.json", decode: DecodeSession(setup: setup))
        if test.tour { state.scenarios = tourEntries() }
        let backend = RecordingBackend(width: width, height: height, events: test.keys)
        let app = ExplorerApp(state: state, backend: backend, services: ExplorerServices(decoder: InProcessDecodeService(payload: payload)))
        app.run(initial: state.openingActions + (test.type == nil ? [] : [.redecode]) + test.actions)
        let frame = try #require(backend.frames.last)
        return (styled ? frame.styledText : frame.text).replacingOccurrences(of: Repository.root.path + "/", with: "")
    }

    /// The bundled scenarios with their ABOUT.md, as the tour lists them.
    static func tourEntries() -> [ScenarioPicker.Entry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Samples.folder.path)) ?? []
        return names.sorted().compactMap { name in
            let folder = Samples.folder.appendingPathComponent(name)
            guard let about = try? String(contentsOf: folder.appendingPathComponent("ABOUT.md"), encoding: .utf8) else { return nil }
            let title = about.split(separator: "\n").first.map { String($0.drop { $0 == "#" || $0 == " " }) } ?? name
            return ScenarioPicker.Entry(
                name: name, title: title, about: about, payloadPath: folder.appendingPathComponent("payload.json").path)
        }
    }

    @Test(arguments: cases)
    func theScreenIsTheRecordedOne(_ test: Case) throws {
        for (width, height) in Self.sizes {
            assertSnapshot(try Self.frame(test, width: width, height: height), named: "\(test.name).\(width)x\(height)")
        }
    }

    /// The README opens with the explorer as it looks: the error-detail screen at 80x24, as
    /// text, the same as the real frame (re-recording the snapshots does not update it: copy it).
    @Test func theReadmeOpensWithTheRealScreen() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let block = try #require(readme.components(separatedBy: "```text\n").dropFirst().first?.components(separatedBy: "\n```").first)
        let screen = try Self.frame(try #require(Self.cases.first { $0.name == "error-detail" }), width: 80, height: 24, styled: false)
        #expect(block == screen, "README.md's first ```text block is not the error-detail screen; it is now:\n\(screen)")
    }

    /// Compiled mode's swiftc error for a mistyped type gets schema mode's "did you mean".
    @Test func aMistypedTypeInCompiledModeIsNamedWithTheNearestOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("suggest-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = folder.appendingPathComponent("Bad.swift")
        let source = try String(contentsOfFile: Samples.model("01-basics"), encoding: .utf8)
        try source.replacingOccurrences(of: "let products: [Product]", with: "let products: [Prodct]").write(
            to: model, atomically: true, encoding: .utf8)
        var setup = DecodeSetup(modelPaths: [model.path], typeExpression: "ProductCategory", mode: .compiled)
        setup.reloadModels()
        var state = ExplorerState(
            tree: try JSONTree.parse(Samples.payload("01-basics")), fileName: "payload.json", decode: DecodeSession(setup: setup))
        state.decode.phase = .failed("the model does not compile (swiftc)")
        state.decode.compilerDiagnostics = [
            SourceDiagnostic(
                file: "Bad.swift", line: 5, column: 20, severity: .error, message: "cannot find type 'Prodct' in scope",
                fileShown: .lastComponent),
            SourceDiagnostic(
                file: "Bad.swift", line: 3, column: 8, severity: .error,
                message: "type 'ProductCategory' does not conform to protocol 'Decodable'", fileShown: .lastComponent),
        ]
        for (width, height) in Self.sizes {
            state.perform(.layout(Layout(width: width, height: height, for: state)))
            let frame = ScreenRenderer.render(state, width: width, height: height).styledText
            assertSnapshot(frame, named: "compiled-did-you-mean.\(width)x\(height)")
        }
    }

    /// The helper itself: a changed frame fails, and says which lines changed.
    @Test func aChangedScreenFailsWithALineDiff() throws {
        let recorded = try Self.frame(Self.cases[1], width: 80, height: 24)
        var lines = recorded.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[3] = "changed"
        let diff = LineDiff.text(from: recorded, to: lines.joined(separator: "\n"))
        #expect(diff.contains("@@ line 2"))  // the hunk starts two lines of context above line 4
        #expect(diff.contains("+changed"))
        #expect(diff.contains("-" + recorded.split(separator: "\n", omittingEmptySubsequences: false)[3]))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshots-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data((recorded + "\n").utf8).write(to: folder.appendingPathComponent("s.txt"))
        if !Snapshot.isRecording {
            #expect(Snapshot.mismatch(recorded, named: "s", in: folder) == nil)
            #expect(Snapshot.mismatch(lines.joined(separator: "\n"), named: "s", in: folder)?.contains("+changed") == true)
            #expect(Snapshot.mismatch(recorded, named: "missing", in: folder)?.contains("SNAPSHOT_RECORD=1") == true)
        }
    }
}
