import DecodingEngine
import JSONTree
import Testing

@testable import ExplorerUI

/// `i`: the synthesized init(from:) stepped call by call while the tree follows.
@Suite struct SteppingTests {
    @Test func iDecodesWithATraceThenStepsAndTheCursorFollows() throws {
        let events: [InputEvent] =
            [.key(.character("i"))] + Array(repeating: .key(.character("j")), count: 6) + [.key(.character("e")), .key(.character("e"))]
        let (backend, app, service) = try DecodeFlowTests.app("01-basics", type: "ProductCategory", events: events, width: 120, height: 40)
        // The first decode had no trace; `i` asked for one.
        #expect(service.requests.map(\.options.tracesCalls) == [false, true])
        let trace = try #require(app.state.decode.overlay?.report.trace)
        guard case .stepping(let index) = app.state.mode else { Issue.record("the stepping view is open"); return }
        // `e` twice: the array's decode(Product.self) throws, then the call inside it that did.
        guard case .threw(let kind, _) = trace[index].outcome else { Issue.record("on a throwing call"); return }
        #expect(index > 6)
        #expect(kind == .keyNotFound)
        #expect(
            trace[index].node == nil || app.state.cursor.node == trace[index].node,
            "the tree follows the call's node (a missing key has none)")
        let screen = backend.frames.last!.text
        // Where Foundation's words do not fit, what was thrown in a few words: the key that is missing.
        #expect(screen.contains("✖ keyNotFound: missing key `description`"))
        #expect(screen.contains("try decode(Double.self, forKey: .price)"))
        // Above the calls: the synthesized init(from:) of the type whose call it is.
        #expect(screen.contains("init(from:) of Product, call \(index + 1) of \(trace.count)"))
        #expect(screen.contains("init(from decoder: any Decoder) throws {"))
        #expect(screen.contains("▶     description = try container.decode(String.self, forKey: .description)"))
    }

    @Test func escapeClosesAndTheNextDecodeHasNoTrace() throws {
        let events: [InputEvent] = [.key(.character("i")), .key(.escape), .key(.character("r"))]
        let (_, app, _) = try DecodeFlowTests.app("01-basics", type: "ProductCategory", events: events)
        #expect(app.state.mode == .browse)
        #expect(app.state.decode.setup.options.tracesCalls == false)
    }
}
