import DecodingEngine
import JSONTree
import Teaching
import Testing

@testable import ExplorerUI

/// The status line after the models are read again says what happened: what the explorer
/// wrote (a fix, inferred models) or which files were read, never a bare "model reloaded".
@Suite struct ReloadStatusTests {
    static func decoded() throws -> ExplorerState {
        let setup = DecodeSetup.load(modelPaths: [Samples.model("01-basics")], typeExpression: "ProductCategory", options: DecodeOptions())
        var state = ExplorerState(
            tree: try JSONTree.parse(Samples.payload("01-basics")), fileName: "p.json", decode: DecodeSession(setup: setup))
        guard case .startDecode(let request)? = state.perform(.redecode, treeRows: 10).first else { throw CancellationError() }
        state.perform(
            .decodeFinished(requestID: request.id, InProcessDecodeService.decode(request, payload: Samples.payload("01-basics"))),
            treeRows: 10)
        return state
    }

    static func reloaded(_ state: inout ExplorerState, number: Int = 1) {
        let setup = DecodeSetup.load(modelPaths: [Samples.model("01-basics")], typeExpression: "ProductCategory", options: DecodeOptions())
        state.perform(.modelsReloaded(Loaded(setup, number: number)), treeRows: 10)
    }

    @Test func aFileSavedOutsideNamesTheFile() throws {
        var state = try Self.decoded()
        Self.reloaded(&state)
        #expect(state.status?.text == "model reloaded from " + Samples.model("01-basics"))
    }

    @Test func aWrittenFixSaysWhatItWroteThenThatTheModelWasReloaded() throws {
        var state = try Self.decoded()
        let effects = state.perform(
            .fixWritten(message: "wrote Models.swift (backup Models.swift.orig)", failed: false, setting: nil), treeRows: 10)
        #expect(effects == [.reload(payload: false, models: true)])
        Self.reloaded(&state)
        #expect(state.status?.text == "wrote Models.swift (backup Models.swift.orig); model reloaded")
        // The cause is said once: the next reload (a save from the editor) names the file again.
        Self.reloaded(&state, number: 2)
        #expect(state.status?.text == "model reloaded from " + Samples.model("01-basics"))
    }

    @Test func aDecoderSettingFixSaysWhichSettingItApplied() throws {
        var state = try Self.decoded()
        state.perform(
            .fixWritten(
                message: "applied: decoder.keyDecodingStrategy = .convertFromSnakeCase", failed: false,
                setting: DecoderSetting(.keys(.convertFromSnakeCase))), treeRows: 10)
        #expect(state.decode.setup.options.keys == .convertFromSnakeCase)
        Self.reloaded(&state)
        #expect(state.status?.text == "applied: decoder.keyDecodingStrategy = .convertFromSnakeCase; model reloaded")
    }

    @Test func inferredModelsNameTheNewFile() throws {
        var state = try Self.decoded()
        state.perform(.modelInferred(path: "/tmp/Inferred.swift", rootType: "Root", keys: .useDefaultKeys, dates: nil), treeRows: 10)
        Self.reloaded(&state)
        #expect(state.status?.text == "wrote /tmp/Inferred.swift (inferred Root); model reloaded")
    }
}
