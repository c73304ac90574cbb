import DecodingEngine
import Foundation
import JSONTree
import Testing

@testable import ExplorerUI

/// The fixes, stepping and options views read their keys from the key map, so keys.conf
/// remaps them and the help lists what is in force.
@Suite struct ModeKeysTests {
    static func state(mode: Mode) throws -> ExplorerState {
        var state = ExplorerState(tree: try JSONTree.parse(Array("[1]".utf8)), fileName: "p.json")
        state.mode = mode
        return state
    }

    @Test func theStandardKeysOfEachViewStillWork() throws {
        var options = try Self.state(mode: .options(selection: 0))
        #expect(options.actions(for: .key(.character("j")), keyMap: .standard) == [.optionsMenu(.by(1))])
        options.perform(.optionsMenu(.by(1)), treeRows: 20)
        #expect(options.mode == .options(selection: 1))
        options.perform(.optionsMenu(.by(-2)), treeRows: 20)
        #expect(options.mode == .options(selection: OptionsMenu.labels.count - 1))
        let stepping = try Self.state(mode: .stepping(index: 0))
        #expect(stepping.actions(for: .key(.character("e")), keyMap: .standard) == [.step(.nextFailure)])
        let fixes = try Self.state(mode: .fixes(error: 0, selection: 0, confirming: false))
        #expect(fixes.actions(for: .key(.enter), keyMap: .standard) == [.fixes(.askToWrite)])
        let confirming = try Self.state(mode: .fixes(error: 0, selection: 0, confirming: true))
        #expect(confirming.actions(for: .key(.character("y")), keyMap: .standard) == [.fixes(.confirm)])
        #expect(confirming.actions(for: .key(.character("n")), keyMap: .standard) == [.fixes(.close)])
    }

    @Test func eKeepsEditingTheDateFormatOnTheDatesLineOnly() throws {
        var state = try Self.state(mode: .options(selection: 0))
        state.perform(.optionsMenu(.editDateFormat), treeRows: 20)
        #expect(state.mode == .options(selection: 0))
        state.mode = .options(selection: 1)
        state.perform(.optionsMenu(.editDateFormat), treeRows: 20)
        #expect(state.mode == .prompt(Prompt(.dateFormat, text: OptionsMenu.defaultDateFormat)))
    }

    @Test func keysConfRemapsTheViewsByTheActionsName() throws {
        let map = try KeyMapConfig.parse(
            """
            map x fixes-close
            map s step-next
            unmap j stepping
            map n options-next
            map Y fixes-confirm
            """, file: "keys.conf"
        ).get()
        let fixes = try Self.state(mode: .fixes(error: 0, selection: 0, confirming: false))
        #expect(fixes.actions(for: .key(.character("x")), keyMap: map) == [.fixes(.close)])
        let stepping = try Self.state(mode: .stepping(index: 0))
        #expect(stepping.actions(for: .key(.character("s")), keyMap: map) == [.step(.by(1))])
        #expect(stepping.actions(for: .key(.character("j")), keyMap: map) == [])
        let options = try Self.state(mode: .options(selection: 0))
        #expect(options.actions(for: .key(.character("n")), keyMap: map) == [.optionsMenu(.by(1))])
        let confirming = try Self.state(mode: .fixes(error: 0, selection: 0, confirming: true))
        #expect(confirming.actions(for: .key(.character("Y")), keyMap: map) == [.fixes(.confirm)])
        // The tree's x, s and n are untouched.
        #expect(map.match([.character("n")]) == .action(.nextMatch))
        #expect(map.match([.character("x")]) == .unbound)
        // The help lists the views' keys as remapped.
        var state = try Self.state(mode: .browse)
        state.keyMap = map
        state.perform(.showHelp, treeRows: 20)
        let help = ScreenRenderer.render(state, width: 110, height: 300).text
        #expect(help.contains("Stepping through init(from:) (i)"))
        let stepNext = help.split(separator: "\n").first { $0.hasSuffix("step-next") }.map(String.init) ?? ""
        #expect(stepNext.hasPrefix("  l, n, s, Down") && !stepNext.contains(" j,"))
        let fixesClose = help.split(separator: "\n").first { $0.hasSuffix("fixes-close") }.map(String.init) ?? ""
        #expect(fixesClose.contains("x"))
    }

    @Test func aViewTakesSingleKeysAndSaysSo() {
        guard case .failure(let failure) = KeyMapConfig.parse("map xy fixes-close\nunmap Z options", file: "k") else {
            Issue.record("a sequence in a view must be refused")
            return
        }
        #expect(
            failure.diagnostics.map(\.message) == [
                "fixes-close works in fixes, which takes single keys, not xy",
                "Z is not bound in options",
            ])
    }

    @Test func everyActionOfEveryViewHasAKeysConfName() {
        for context in KeyContext.allCases where context != .browse {
            for action in Set(KeyMap.standard.table(context).values) {
                #expect(ActionCatalog.entries.contains { $0.action == action && $0.context == context }, "\(context) \(action)")
            }
        }
    }
}

/// Glyphs for a terminal whose locale is not UTF-8, SGR mouse reports, the clipboard command.
@Suite struct TerminalFallbackTests {
    @Test func everyGlyphTheScreenDrawsHasAnASCIIStandIn() throws {
        // Draw the signature screens and check that only payload text would become `?`.
        var state = ExplorerState(tree: try JSONTree.parse(Array(#"{"a": [1, {"b": "é"}], "c": "x"}"#.utf8)), fileName: "p.json")
        state.perform(.layout(Layout(width: 80, height: 24)))
        let screen = ScreenRenderer.render(state, width: 80, height: 24)
        var unmapped = Set<Character>()
        for y in 0..<screen.height {
            for x in 0..<screen.width where screen[x, y] != .continuation {
                let c = screen[x, y].character
                if !c.isASCII && AsciiGlyphs.substitute(c) == "?" { unmapped.insert(c) }
            }
        }
        #expect(unmapped == ["é"])
        #expect(AsciiGlyphs.substitute("▾") == "v" && AsciiGlyphs.substitute("✖") == "x" && AsciiGlyphs.substitute("q") == "q")
    }

    @Test(arguments: [("UTF-8", true), ("utf8", true), ("ANSI_X3.4-1968", false), ("ISO-8859-1", false), ("", false)])
    func theLocaleDecides(codeset: String, utf8: Bool) {
        #expect(AsciiGlyphs.localeIsUTF8(codeset: codeset) == utf8)
    }

    @Test func sgrReportsPastColumn223AreClicks() {
        var last: (x: Int32, y: Int32, time: UInt64)?
        #expect(NcursesBackend.mouseEvent(button: 0, x: 299, y: 4, last: &last) == MouseEvent(x: 299, y: 4, kind: .click))
        #expect(NcursesBackend.mouseEvent(button: 0, x: 299, y: 4, last: &last) == MouseEvent(x: 299, y: 4, kind: .doubleClick))
        #expect(NcursesBackend.mouseEvent(button: 65, x: 250, y: 2, last: &last) == MouseEvent(x: 250, y: 2, kind: .wheelDown))
        #expect(NcursesBackend.mouseEvent(button: 32, x: 250, y: 2, last: &last) == nil)  // a drag
    }

    @Test func theClipboardCommandFollowsTheDisplay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-clip-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["xclip", "wl-copy"] {
            let path = folder.appendingPathComponent(name).path
            FileManager.default.createFile(
                atPath: path, contents: Data("#!/bin/sh\ncat > /dev/null\n".utf8), attributes: [.posixPermissions: 0o755])
        }
        #expect(ClipboardCommand.detect(environment: ["PATH": folder.path]) == nil)
        #expect(ClipboardCommand.detect(environment: ["PATH": folder.path, "DISPLAY": ":0"])?.name == "xclip")
        #expect(ClipboardCommand.detect(environment: ["PATH": folder.path, "DISPLAY": ":0", "WAYLAND_DISPLAY": "w"])?.name == "wl-copy")
        #expect(ClipboardCommand.detect(environment: ["PATH": folder.path, "DISPLAY": ":0", "CODABLE_EXPLORER_CLIPBOARD": "osc52"]) == nil)
        let command = try #require(ClipboardCommand.detect(environment: ["PATH": folder.path, "DISPLAY": ":0"]))
        #expect(throws: Never.self) { try command.copy("hello").get() }
        let failing = ClipboardCommand(name: "false", executable: "/bin/false", arguments: [])
        guard case .failure(.exited(1)) = failing.copy("x") else {
            Issue.record("a command that fails must say so")
            return
        }
        // A command that closes its input unread: the write meets a closed pipe (1 MB is more
        // than a pipe holds), which must be an exit status, not SIGPIPE ending the explorer.
        let closing = ClipboardCommand(name: "sh", executable: "/bin/sh", arguments: ["-c", "exec 0<&-; sleep 0.2; exit 4"])
        guard case .failure(.exited(4)) = closing.copy(String(repeating: "x", count: 1_000_000)) else {
            Issue.record("a command that does not read must be reported by its exit status")
            return
        }
    }
}
