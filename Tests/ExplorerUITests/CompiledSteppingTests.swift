import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Teaching
import TestSupport
import Testing

@testable import ExplorerUI

/// `i` in compiled mode: the user's own hand-written `init(from:)`, the line that is running
/// highlighted, every container call of the runner's trace tied to the line that made it.
@Suite(.serialized) struct CompiledSteppingTests {
    static let model = Repository.fixtures.appendingPathComponent("compiled-mode/HandWrittenFixes.swift")

    /// The explorer after a real compiled-mode decode of `payload` into `type`, traced, with `i` pressed.
    static func stepping(_ type: String, _ payload: String) throws -> ExplorerState {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compiled-stepping-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("payload.json")
        try payload.write(to: file, atomically: true, encoding: .utf8)
        let schema = try Schema.load(paths: [model.path])
        let tree = try JSONTree.parse(Array(payload.utf8))
        var options = DecodeOptions()
        options.tracesCalls = true
        let decoder = CompiledDecoder(models: schema.sources, typeExpressions: [type], cacheFolder: TestCache.folder)
        let report = try decoder.decode(type, payloadPath: file.path, tree: tree, options: options, wantsValue: false, traces: true)
        let setup = DecodeSetup(modelPaths: [model.path], schema: schema, typeExpression: type, options: options, mode: .compiled)
        var state = ExplorerState(tree: tree, fileName: "payload.json", decode: DecodeSession(setup: setup))
        guard case .startDecode(let request)? = state.perform(.redecode, treeRows: 20).last else { throw CancellationError() }
        _ = state.perform(.decodeNote(requestID: request.id, .decided(mode: .compiled, compileSeconds: nil)), treeRows: 20)
        _ = state.perform(.decodeFinished(requestID: request.id, .finished(report)), treeRows: 20)
        _ = state.perform(.openStepping, treeRows: 20)
        return state
    }

    static func screen(_ state: ExplorerState, _ width: Int, _ height: Int) -> String {
        ScreenRenderer.render(state, width: width, height: height).text
    }

    /// The highlighted source line (`▶ …`) of the stepping view, trimmed.
    static func running(_ state: ExplorerState, width: Int = 200, height: Int = 40) -> String? {
        screen(state, width, height).split(separator: "\n").first { $0.hasPrefix("▶ ") && $0.contains("=") }
            .map { $0.dropFirst(2).trimmingCharacters(in: .whitespaces) }
            .map { String($0.split(separator: "  // ").first ?? "").trimmingCharacters(in: .whitespaces) }
    }

    @Test("every call highlights the line of Parcel's init(from:) that made it, down to the one that throws, at 80x24 and 120x40")
    func stepsThroughTheUsersSource() throws {
        var state = try Self.stepping("Parcel", #"{"label": "x", "size": {"kg": 2}}"#)
        let trace = try #require(state.decode.overlay?.report.trace)
        #expect(
            trace.map(\.call) == [
                "container(keyedBy:)", "decode(String.self, forKey: \"label\")", "nestedContainer(keyedBy: …, forKey: \"size\")",
                "decode(Int.self, forKey: \"grams\")",
            ])
        guard case .stepping(0) = state.mode else { Issue.record("the stepping view opens at the first call: \(state.mode)"); return }
        var highlighted: [String?] = []
        for _ in trace.indices {
            highlighted.append(Self.running(state))
            _ = state.perform(.step(.by(1)), treeRows: 20)
        }
        #expect(
            highlighted == [
                "let container = try decoder.container(keyedBy: CodingKeys.self)",
                "label = try container.decode(String.self, forKey: .label)",
                "let size = try container.nestedContainer(keyedBy: SizeKeys.self, forKey: .size)",
                "self.grams = try size.decode(Int.self, forKey: .grams)",
            ])
        for (width, height) in [(80, 24), (120, 40)] {
            let text = Self.screen(state, width, height)
            #expect(text.contains("init(from:) of Parcel, call 4 of 4"), "\(text)")
            // What the call threw, in a few words where Foundation's do not fit.
            let call = text.split(separator: "\n").first { $0.hasPrefix("▶ try decode(Int.self, forKey: \"grams\")") }
            #expect(call?.contains("✖") == true && call?.contains("missing key `grams`") == true, "\(text)")
            #expect(text.contains("▶     self.grams = try size.decode(Int.self, forKey: .grams)"), "\(text)")
            if height >= 40 { #expect(text.contains("init(from decoder: Decoder) throws {  // HandWrittenFixes.swift:34:1"), "\(text)") }
        }
        // The throwing call is on the object that lacks the key.
        let size = try #require(try? NodePath(parsing: "size").resolve(in: state.tree).get())
        #expect(state.cursor.node == size)
    }

    @Test("a key read twice the same way is ambiguous: both lines are marked, neither is claimed")
    func ambiguousLinesAreSaid() throws {
        let schema = try Schema.load(paths: [Self.model.path])
        let initializer = try #require(schema.handWrittenInit(of: "Price"))
        // `decode(…, forKey: .amount)` twice; without the type asked for, the trace cannot tell them apart.
        let call = CompiledCallSite(owner: "Price", container: .keyed, method: "decode", key: "amount", depth: 0, type: nil)
        guard case .ambiguous(let sites) = CallSiteMatch.match(call, in: initializer) else { Issue.record("ambiguous"); return }
        #expect(sites.map(\.location.line) == [50, 53])
        var typed = call
        typed.type = "Double"
        #expect(CallSiteMatch.match(typed, in: initializer).site?.location.line == 53)
        // A renamed key maps back to its case: "display_name" is `.name`.
        let account = try #require(schema.handWrittenInit(of: "Account"))
        let renamed = CompiledCallSite(owner: "Account", container: .keyed, method: "decode", key: "display_name", depth: 0, type: "String")
        #expect(CallSiteMatch.match(renamed, in: account).site?.location.line == 19)
        #expect(
            CallSiteMatch.match(
                CompiledCallSite(
                    owner: "Account", container: .keyed, method: "decode", key: "name", depth: 0,
                    type: "String"), in: account) == .none)
    }
}
