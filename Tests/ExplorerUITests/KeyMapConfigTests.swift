import Foundation
import JSONTree
import Testing

@testable import ExplorerUI

/// keys.conf: every key remappable, every mistake a compiler-style line.
@Suite struct KeyMapConfigTests {
    static func parse(_ text: String) -> Result<KeyMap, KeyMapConfig.Failure> {
        KeyMapConfig.parse(text, file: "keys.conf")
    }

    static func errors(_ text: String) -> [String] {
        guard case .failure(let failure) = parse(text) else { return [] }
        return failure.diagnostics.map(\.description)
    }

    @Test func mapAndUnmapChangeTheStandardKeys() throws {
        let map = try Self.parse(
            """
            # vim users
            map <Ctrl-n> next-match   # a named key
            unmap q
            map Q quit
            unmap g
            map gg first
            map g<Space> toggle-fold
            map x copy-path

            """
        ).get()
        #expect(map.match([.control("n")]) == .action(.nextMatch))
        #expect(map.match([.character("q")]) == .unbound)
        #expect(map.match([.character("Q")]) == .action(.quit))
        #expect(map.match([.character("g")]) == .prefix)
        #expect(map.match([.character("g"), .character("g")]) == .action(.first))
        #expect(map.match([.character("g"), .character(" ")]) == .action(.toggleFold))
        #expect(map.match([.character("x")]) == .action(.copy(.path)))
        // Untouched bindings stay.
        #expect(map.match([.character("j")]) == .action(.moveDown))
    }

    @Test func mistakesAreReportedWithLineAndColumn() {
        let errors = Self.errors(
            """
            map j move-dwn
            map g first extra
            map <Ctrl-1> quit
            mapp j quit
            unmap Z
            map y first
            map jj first
            map Ctrl-i quit
            map \u{1B} quit
            map
            """)
        #expect(
            errors == [
                "keys.conf:1:7: error: unknown action move-dwn (did you mean `move-down`?)",
                "keys.conf:2:13: error: unexpected extra after `map`; comments start with #",
                "keys.conf:3:6: error: Ctrl- takes one letter, a to z: Ctrl-1",
                "keys.conf:4:1: error: unknown command mapp; a line is `map KEYS ACTION`, `unmap KEYS` or a # comment",
                "keys.conf:5:7: error: Z is not bound",
                "keys.conf:6:5: error: y would hide yb (copy-bracket-path), yj (copy-pointer), yk (copy-key), yp (copy-path), yq (copy-jq-path), ys (copy-swift), yv (copy-value); unmap them first",
                "keys.conf:7:5: error: j (move-down) is bound, so jj can never be typed; unmap it first",
                "keys.conf:8:5: error: Ctrl-i arrives as Tab on a terminal; write Tab",
                "keys.conf:9:5: error: \\u{1B} is a control or invisible character; name the key (Ctrl-x, Esc, Tab)",
                "keys.conf:10:1: error: expected `map KEYS ACTION`",
            ])
    }

    @Test func unmappingAPrefixSaysWhichSequencesStartWithIt() {
        #expect(
            Self.errors("unmap y") == [
                "keys.conf:1:7: error: y is not bound (yb (copy-bracket-path), yj (copy-pointer), yk (copy-key), yp (copy-path), yq (copy-jq-path), ys (copy-swift), yv (copy-value) start with it: unmap them one by one)"
            ])
    }

    @Test func everyCatalogNameIsUniqueAndEveryStandardBindingHasOne() {
        let names = ActionCatalog.entries.map(\.name)
        #expect(Set(names).count == names.count)
        for action in Set(KeyMap.standard.bindings.values) {
            #expect(ActionCatalog.entry(for: action) != nil, "\(action) has no keys.conf name")
        }
    }

    @Test func keyNamesRoundTrip() throws {
        for keys in KeyMap.standard.bindings.keys {
            #expect(try KeyName.parse(KeyName.describe(keys)) == keys)
        }
        #expect(try KeyName.parse("<Ctrl-w>j") == [.control("w"), .character("j")])
        #expect(KeyName.describe([.control("w"), .character("j")]) == "<Ctrl-w>j")
        #expect(try KeyName.parse("pgdn") == [.pageDown])
        #expect(try KeyName.parse("<") == [.character("<")])
    }

    @Test func theFileIsFoundWhereXDGSays() throws {
        #expect(KeyMapConfig.defaultPath(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/codable-explorer/keys.conf")
        #expect(KeyMapConfig.defaultPath(environment: ["HOME": "/h"]) == "/h/.config/codable-explorer/keys.conf")
        // XDG paths must be absolute; a relative one is ignored, as the spec says.
        #expect(KeyMapConfig.defaultPath(environment: ["XDG_CONFIG_HOME": "rel", "HOME": "/h"]) == "/h/.config/codable-explorer/keys.conf")

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("codable-explorer"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // No file: the standard keys.
        let none = try KeyMapConfig.load(path: nil, environment: ["XDG_CONFIG_HOME": dir.path]).get()
        #expect(none.match([.character("q")]) == .action(.quit))
        // A file: read.
        let file = dir.appendingPathComponent("codable-explorer/keys.conf")
        try Data("unmap q\n".utf8).write(to: file)
        let mine = try KeyMapConfig.load(path: nil, environment: ["XDG_CONFIG_HOME": dir.path]).get()
        #expect(mine.match([.character("q")]) == .unbound)
        // --keys names a file that must exist.
        guard case .failure(let failure) = KeyMapConfig.load(path: dir.appendingPathComponent("nope.conf").path) else {
            Issue.record("a missing --keys file must be an error")
            return
        }
        #expect(failure.description.hasSuffix("nope.conf:1:1: error: cannot read this key map file"))
    }
}

/// The help (F1) is written from the key map in force.
@Suite struct HelpTests {
    static func help(_ keyMap: KeyMap, height: Int = 200, keys: [Key] = []) throws -> [Screen] {
        let backend = RecordingBackend(width: 100, height: height, keys: [.function(1)] + keys)
        let state = ExplorerState(tree: try JSONTree.parse(Array("[1]".utf8)), fileName: "p.json")
        ExplorerApp(state: state, backend: backend, keyMap: keyMap).run()
        return backend.frames
    }

    @Test func everyBindingIsListedWithItsActionName() throws {
        let text = try Self.help(.standard)[1].text
        for entry in ActionCatalog.entries {
            #expect(text.contains(entry.summary), "\(entry.name)")
            #expect(text.contains(entry.name))
        }
        let lines = text.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("  j, Down ") && $0.hasSuffix("move down  move-down") })
        #expect(lines.contains { $0.hasPrefix("  yp ") && $0.contains("copy-path") })
        #expect(lines.contains { $0.hasPrefix("  q, Ctrl-c ") })
    }

    @Test func remapsShow() throws {
        let map = try KeyMapConfig.parse("unmap q\nmap Q quit\nmap <Ctrl-n> next-match\nunmap yp\n", file: "k").get()
        let lines = try Self.help(map)[1].text.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("  Q, Ctrl-c ") && $0.hasSuffix("quit  quit") })
        #expect(lines.contains { $0.hasPrefix("  n, Ctrl-n ") })
        #expect(lines.contains { $0.hasPrefix("  —  ") && $0.contains("copy-path") })
    }

    @Test func aTallHelpScrollsAndAnyOtherKeyClosesIt() throws {
        let frames = try Self.help(.standard, height: 12, keys: [.character("j"), .character(" "), .character("G"), .character("x")])
        let rows = frames.map { $0.text.split(separator: "\n", omittingEmptySubsequences: false) }
        #expect(rows[1][1].hasPrefix(" Keys"))
        #expect(rows[1][11].hasPrefix(" lines 1-10 of "))
        #expect(rows[2][1].hasPrefix("  j, Down"))
        // A page is the screen less one line of overlap.
        #expect(rows[3][1].hasPrefix("  Ctrl-u"))
        #expect(rows[4][10].contains("double click"))
        #expect(rows[5][0].hasPrefix(" p.json"))
    }
}
