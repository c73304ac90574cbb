import DecodingEngine
import Foundation
import JSONTree
import Testing

@testable import ExplorerUI

/// The detail pane hides nothing it explains: it grows (up to half the screen) and scrolls
/// (`}` / `{`), at any terminal size; the fixes view scrolls a long diff (`J` / `K`).
@Suite struct DetailPaneTests {
    typealias Flow = DecodeFlowTests

    static func screen(
        _ keys: [InputEvent], width: Int, height: Int, scenario: String = "01-basics",
        type: String = "ProductCategory"
    ) throws -> (String, ExplorerApp) {
        let (backend, app, _) = try Flow.app(scenario, type: type, events: keys, width: width, height: height)
        return (backend.frames.last!.text, app)
    }

    /// The pane's rows: from the rule under the tree to the bottom line.
    static func pane(_ screen: String) -> [String] {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let rule = lines.firstIndex { $0.hasPrefix("────") } ?? 0
        return Array(lines[(rule + 1)..<(lines.count - 1)])
    }

    /// The pane's text as one line, so a phrase wrapped across rows is found.
    static func flat(_ rows: [String]) -> String {
        rows.joined(separator: " ").split(separator: " ").joined(separator: " ")
    }

    @Test func atEveryCommonSizeTheWholeExplanationIsOnScreenOrAScrollAway() throws {
        let last = "optional one is read with decodeIfPresent"
        // 120x40: everything, the why line whole.
        let (wide, _) = try Self.screen(Flow.keys("]e"), width: 120, height: 40)
        #expect(Self.pane(wide).contains { $0.contains("found:") })
        #expect(Self.pane(wide).contains { $0.contains(last) }, "\(wide)")
        #expect(Self.pane(wide).contains { $0.contains("why:") })
        #expect(!wide.contains("more  } { scroll"))
        // 80x24: Foundation's words, the model, the fix, expected and found are there; the why is
        // one `}` away, and the rule says so.
        let (narrow, _) = try Self.screen(Flow.keys("]e"), width: 80, height: 24)
        let pane = Self.pane(narrow)
        #expect(pane.contains { $0.contains("found:") }, "\(narrow)")
        #expect(!Self.flat(pane).contains(last))
        #expect(narrow.contains("more  } { scroll"))
        let (scrolled, _) = try Self.screen(Flow.keys("]e}"), width: 80, height: 24)
        #expect(Self.pane(scrolled).contains { $0.contains("why:") }, "\(scrolled)")
        #expect(Self.flat(Self.pane(scrolled)).contains(last), "\(scrolled)")
        #expect(scrolled.contains("↑ "))
        // `{` scrolls back to the top.
        let (back, _) = try Self.screen(Flow.keys("]e}{"), width: 80, height: 24)
        #expect(Self.pane(back).first?.contains("✖ keyNotFound at products[1]") == true, "\(back)")
    }

    @Test func aSmallTerminalStillReachesEveryLine() throws {
        // 60x16: the pane gets at most half the screen, and scrolls through the rest.
        var seen = Set<String>()
        for n in 0..<8 {
            let (screen, _) = try Self.screen(Flow.keys("]e" + String(repeating: "}", count: n)), width: 60, height: 16)
            seen.formUnion(Self.pane(screen).map { $0.trimmingCharacters(in: .whitespaces) })
        }
        let (tall, _) = try Self.screen(Flow.keys("]e"), width: 60, height: 200)
        let all = Self.pane(tall).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(all.count > 8)
        #expect(all.allSatisfy(seen.contains), "lines never shown: \(all.filter { !seen.contains($0) })")
    }

    @Test func theTreeKeepsTheCursorInViewWhenThePaneGrows() throws {
        // 80x40: 40 products, the 22nd without a description. `]e` puts the cursor near the
        // bottom of the 30-row tree; the pane then grows from 7 rows to 13 and takes 6 of them
        // (more than the cursor's margin of 3): the cursor's row must still be on screen.
        var products = (1...40).map { #"{"name": "p\#($0)", "price": 1, "description": "d", "inStock": true}"# }
        products[21] = #"{"name": "p22", "price": 1, "inStock": true}"#
        let payload = Array(#"{"category": "Soap", "products": [\#(products.joined(separator: ",\n"))]}"#.utf8)
        let setup = DecodeSetup.load(modelPaths: [Samples.model("01-basics")], typeExpression: "ProductCategory", options: DecodeOptions())
        let state = ExplorerState(tree: try JSONTree.parse(payload), fileName: "payload.json", decode: DecodeSession(setup: setup))
        let backend = RecordingBackend(width: 80, height: 40, events: Flow.keys("]e"))
        let app = ExplorerApp(state: state, backend: backend, services: ExplorerServices(decoder: InProcessDecodeService(payload: payload)))
        app.run(initial: [.redecode])
        let lines = backend.frames.last!.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let rule = try #require(lines.firstIndex { $0.hasPrefix("────") })
        #expect(rule < 30, "the pane grew: \(lines.joined(separator: "\n"))")
        #expect(lines[1..<rule].contains { $0.contains("+ \"description\": String") }, "\(lines.joined(separator: "\n"))")
    }

    @Test func anotherRowShowsItsPaneFromTheTop() throws {
        let (_, app) = try Self.screen(Flow.keys("]e}}"), width: 80, height: 24)
        #expect(app.state.viewer.paneOffset(.detail(app.state.cursor, .automatic)) > 0)
        let (moved, movedApp) = try Self.screen(Flow.keys("]e}}k"), width: 80, height: 24)
        #expect(movedApp.state.viewer.paneOffset(.detail(movedApp.state.cursor, .automatic)) == 0)
        #expect(
            Self.pane(moved).first?.hasPrefix(" number") == true || Self.pane(moved).first?.hasPrefix(" boolean") == true
                || Self.pane(moved).first?.hasPrefix(" string") == true, "\(moved)")
    }

    @Test func aLongFixDiffScrolls() throws {
        // The second fix of 01-basics adds LossyArray in full: 50 lines of diff.
        let tail = "extension LossyArray: Sendable where Element: Sendable {}"
        let (first, _) = try Self.screen(Flow.keys("]efj"), width: 80, height: 24)
        #expect(first.contains("Fixes for keyNotFound"))
        #expect(!first.contains(tail))
        #expect(first.contains("more  J K scroll"), "\(first)")
        let (end, _) = try Self.screen(Flow.keys("]efj" + String(repeating: "J", count: 10)), width: 80, height: 24)
        #expect(end.contains(tail), "\(end)")
        // Choosing another fix shows it from its top.
        let (other, _) = try Self.screen(Flow.keys("]efj" + String(repeating: "J", count: 10) + "k"), width: 80, height: 24)
        #expect(other.contains("An optional property is read with decodeIfPresent"), "\(other)")
    }

    @Test func theScrollKeysAreInTheKeyMapAndTheHelp() throws {
        #expect(ActionCatalog.entry(named: "detail-down")?.action == .scrollDetail(.halfPages(1)))
        #expect(ActionCatalog.entry(named: "fixes-scroll-down")?.context == .fixes)
        #expect(KeyMap.standard.match([.character("}")]) == .action(.scrollDetail(.halfPages(1))))
        #expect(KeyMap.standard.match([.character("J")], in: .fixes) == .action(.fixes(.scroll(.halfPages(1)))))
        // keys.conf remaps them like any other: `x` scrolls the pane, `d` the fix's diff.
        let map = try KeyMapConfig.parse("map x detail-down\nmap d fixes-scroll-down", file: "keys.conf").get()
        #expect(map.match([.character("x")]) == .action(.scrollDetail(.halfPages(1))))
        #expect(map.match([.character("d")], in: .fixes) == .action(.fixes(.scroll(.halfPages(1)))))
        let help = HelpRenderer.lines(keyMap: .standard)
        #expect(
            help.contains { $0.keys.contains("}") && $0.summary == "scroll the detail pane down" && $0.name == "detail-down" }, "\(help)")
        #expect(help.contains { $0.keys.contains("J") && $0.summary == "scroll the fix's diff down" }, "\(help)")
    }
}
