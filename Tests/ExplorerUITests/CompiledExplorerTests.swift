import DecodeWorker
import Foundation
import JSONTree
import ModelSchema
import Teaching
import Testing

@testable import DecodingEngine
@testable import ExplorerUI

/// The explorer while compiled mode compiles and after: progress in the status line, Esc still
/// cancels, the compile time afterwards, swiftc's diagnostics in the pane, errors on their nodes.
@Suite struct CompiledExplorerTests {
    static let payload = #"{"animals": [{"type": "dog"}, {"type": "cow"}]}"#

    static func running(mode: DecodeJob.Mode = .auto) throws -> (ExplorerState, DecodeRequest) {
        try ExplorerState.startingDecode(
            of: payload,
            DecodeSetup(modelPaths: ["HandWritten.swift"], typeExpression: "Zoo", mode: mode, decoderExpression: "makeDecoder()"))
    }

    static func lines(_ state: ExplorerState, width: Int = 80, height: Int = 24) -> [String] {
        ScreenRenderer.render(state, width: width, height: height).text.split(separator: "\n", omittingEmptySubsequences: false).map(
            String.init)
    }

    @Test("the request carries the mode and the app's decoder to the worker")
    func requestCarriesMode() throws {
        let (_, request) = try Self.running(mode: .compiled)
        #expect(request.models.mode == .compiled)
        #expect(request.models.decoderExpression == "makeDecoder()")
    }

    @Test("while swiftc runs, the status line says what compiles and for how long, at 80 and 120 columns; Esc cancels")
    func progressWhileCompiling() throws {
        var (state, request) = try Self.running()
        _ = state.perform(.decodeNote(requestID: request.id, .compiling(CompileStart(files: 20))), treeRows: 20)
        _ = state.perform(.decodeProgress(requestID: request.id, milliseconds: 3_400), treeRows: 20)
        for (width, height) in [(80, 24), (120, 40)] {
            let lines = Self.lines(state, width: width, height: height)
            #expect(lines[0].contains("Zoo  ⋯ compiling 3 s"), "\(lines[0])")
            #expect(lines[height - 1].hasPrefix(" compiling 20 model files with swiftc… 3 s"), "\(lines[height - 1])")
        }
        let effects = state.perform(.cancel, treeRows: 20)
        #expect(effects.contains(.cancelDecode))
        #expect(!state.decode.isRunning)
        #expect(!Self.lines(state).last!.contains("compiling"))
    }

    /// Once swiftc is done the decode runs: the header says so, and that Esc cancels it (not
    /// "compiling" for the whole decode).
    @Test("after the compile, while the runner decodes: decoding, Esc cancels, at 80 and 120 columns")
    func decodingAfterTheCompile() throws {
        var (state, request) = try Self.running()
        _ = state.perform(.decodeNote(requestID: request.id, .compiling(CompileStart(files: 20))), treeRows: 20)
        _ = state.perform(.decodeNote(requestID: request.id, .decided(mode: .compiled, compileSeconds: 2.5)), treeRows: 20)
        _ = state.perform(.decodeProgress(requestID: request.id, milliseconds: 4_100), treeRows: 20)
        for (width, height) in [(80, 24), (120, 40)] {
            let lines = Self.lines(state, width: width, height: height)
            #expect(lines[0].contains("Zoo  ⋯ decoding 4.1 s, Esc cancels"), "\(lines[0])")
            #expect(!lines.joined().contains("compiling"), "\(lines.joined(separator: "\n"))")
        }
    }

    @Test("the first compile with a toolchain says the runner library is built first, at 80 and 120 columns")
    func progressWhileTheLibraryBuilds() throws {
        var (state, request) = try Self.running()
        _ = state.perform(.decodeNote(requestID: request.id, .compiling(CompileStart(files: 20, buildsRunnerLibrary: true))), treeRows: 20)
        _ = state.perform(.decodeProgress(requestID: request.id, milliseconds: 7_200), treeRows: 20)
        for (width, height) in [(80, 24), (120, 40)] {
            let lines = Self.lines(state, width: width, height: height)
            #expect(lines[0].contains("Zoo  ⋯ compiling 7 s"), "\(lines[0])")
            #expect(
                lines[height - 1].hasPrefix(" compiling the runner library once, then 20 model files… 7 s   Esc cancels"),
                "\(lines[height - 1])")
        }
    }

    @Test("after the compile: the compile time in the header and the status line, the error on its node")
    func compileTimeAfterwards() throws {
        var (state, request) = try Self.running()
        _ = state.perform(.decodeNote(requestID: request.id, .compiling(CompileStart(files: 20))), treeRows: 20)
        _ = state.perform(.decodeNote(requestID: request.id, .decided(mode: .compiled, compileSeconds: 4.24)), treeRows: 20)
        let cow = try #require(try? NodePath(parsing: "animals[1].type").resolve(in: state.tree).get())
        var error = LocatedDecodingError(
            kind: .dataCorrupted, codingPath: [.key("animals"), .index(1), .key("type")],
            debugDescription: "Unknown animal cow")
        error.node = cow
        error.location = state.tree.location(cow)
        _ = state.perform(.decodeFinished(requestID: request.id, .finished(DecodeReport(errors: [error], value: nil))), treeRows: 20)
        _ = state.perform(.nextError, treeRows: 20)
        let lines = Self.lines(state)
        #expect(lines[0].contains("Zoo  ✖ 1 error  (swiftc 4.2 s)"), "\(lines[0])")
        #expect(state.cursor.node == cow)
        #expect(lines.contains { $0.contains("✖ dataCorrupted at animals[1].type") })
        #expect(state.decode.compiling == nil)
    }

    @Test("swiftc's rejection: each diagnostic, file:line:col, in the pane")
    func diagnosticsInPane() throws {
        var (state, request) = try Self.running()
        let diagnostic = SourceDiagnostic(
            file: "/tmp/m/HandWritten.swift", line: 4, column: 12, severity: .error,
            message: "cannot find type 'Prodcut' in scope", fileShown: .lastComponent)
        _ = state.perform(.decodeFinished(requestID: request.id, .doesNotCompile([diagnostic])), treeRows: 20)
        let text = Self.lines(state).joined(separator: "\n")
        #expect(text.contains("✖ the model does not compile (swiftc):"))
        #expect(text.contains("HandWritten.swift:4:12: error: cannot find type 'Prodcut' in scope"))
    }
}

/// The files of an app's folder a decode left out (issue 37): said once on the status line with the
/// verdict, beside the compile time, and not again for the next decode that leaves out the same files.
@Suite struct LeftOutFilesStatusTests {
    static let leftOut = LeftOutFiles(
        paths: ["App/Views/ContentView.swift", "App/PocketApp.swift"], modules: ["SwiftUI"], decode: "Zoo with makeDecoder()")

    static func decoded(_ state: inout ExplorerState, _ request: DecodeRequest) {
        _ = state.perform(.decodeNote(requestID: request.id, .leftOut(leftOut)), treeRows: 20)
        _ = state.perform(.decodeNote(requestID: request.id, .decided(mode: .compiled, compileSeconds: nil)), treeRows: 20)
        _ = state.perform(.decodeFinished(requestID: request.id, .finished(DecodeReport(errors: [], value: nil))), treeRows: 20)
    }

    @Test func theStatusLineSaysOnceWhichFilesWereLeftOut() throws {
        var (state, request) = try CompiledExplorerTests.running()
        Self.decoded(&state, request)
        #expect(
            state.status?.text
                == "note: left out 2 files that import SwiftUI and hold nothing the decode of Zoo with makeDecoder() needs: ContentView.swift, PocketApp.swift"
        )
        let lines = CompiledExplorerTests.lines(state, width: 120, height: 30)
        #expect(lines[29].hasPrefix(" note: left out 2 files that import SwiftUI"), "\(lines[29])")

        state.status = nil
        let effects = state.perform(.decodeHere, treeRows: 20)
        guard case .startDecode(let again)? = effects.last else {
            Issue.record("no decode started: \(effects)")
            return
        }
        Self.decoded(&state, again)
        #expect(state.status == nil, "the same files are not said again")
    }
}
