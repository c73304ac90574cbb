import JSONTree
import Testing

@testable import ExplorerUI

/// The run loop on a recording backend: keys in, frames out, terminal always given back.
@Suite struct ExplorerAppTests {
    static let payload = #"{"a": {"b": [1, 2, 3]}, "c": "text"}"#

    static func run(_ keys: [Key], width: Int = 40, height: Int = 10) throws -> RecordingBackend {
        let backend = RecordingBackend(width: width, height: height, keys: keys)
        let state = ExplorerState(tree: try JSONTree.parse(Array(payload.utf8)), fileName: "p.json")
        ExplorerApp(state: state, backend: backend).run()
        return backend
    }

    @Test func keysMoveTheCursorAndTheHeaderFollows() throws {
        // j: "a"; l: into "b"; l: unfold "b"; l: into its first element.
        let backend = try Self.run([.character("j"), .character("l"), .character("l"), .character("l")])
        let header = backend.frames.last!.text.split(separator: "\n")[0]
        #expect(header.hasSuffix("$.a.b[0]"))
        #expect(backend.isShutDown)
    }

    @Test func quittingStopsReadingKeys() throws {
        let backend = try Self.run([.character("q"), .character("j"), .character("j")])
        #expect(backend.frames.count == 1)
        #expect(backend.isShutDown)
    }

    @Test func aTinyTerminalGetsANoticeAndRecovers() throws {
        let backend = RecordingBackend(width: 40, height: 10, keys: [.character("j"), .resize, .resize])
        let state = ExplorerState(tree: try JSONTree.parse(Array(Self.payload.utf8)), fileName: "p.json")
        final class Resizer: TerminalBackend {
            let inner: RecordingBackend
            var sizes: [(Int, Int)] = [(40, 10), (12, 3), (40, 10)]
            init(_ inner: RecordingBackend) { self.inner = inner }
            var size: (width: Int, height: Int) { inner.size }
            func draw(_ screen: Screen) { inner.draw(screen) }
            func readInput(timeoutMilliseconds: Int?) -> InputEvent? {
                let event = inner.readInput(timeoutMilliseconds: timeoutMilliseconds)
                if event == .resize, !sizes.isEmpty {
                    sizes.removeFirst(); if let s = sizes.first { inner.resize(width: s.0, height: s.1) }
                }
                return event
            }
            func shutdown() { inner.shutdown() }
        }
        ExplorerApp(state: state, backend: Resizer(backend)).run()
        #expect(backend.frames[2].text.hasPrefix("Too small"))
        #expect(backend.frames[2].text.contains("need 20x5"))
        #expect(backend.frames[3].text.contains("$.a"))
    }

    @Test func helpListsEveryKeyAndAnyKeyClosesIt() throws {
        let backend = try Self.run([.function(1), .character("x")], width: 80)
        #expect(backend.frames[1].text.contains("previous sibling"))
        #expect(!backend.frames[2].text.contains("previous sibling"))
    }

    @Test func ctrlZSuspendsAndTheScreenComesBackWhole() throws {
        let backend = try Self.run([.character("j"), .control("z"), .character("j")])
        #expect(backend.suspensions == 1)
        // A frame is drawn on resuming (the ncurses backend repaints every cell of it).
        #expect(backend.frames.count == 4)
        #expect(backend.frames[2].text == backend.frames[1].text)
    }

    @Test func ctrlLRepaintsEverything() throws {
        let backend = try Self.run([.control("l")])
        #expect(backend.invalidations == 1)
        #expect(backend.frames.count == 2)
    }
}
