import DecodingEngine
import Foundation
import JSONTree
import Testing

@testable import ExplorerUI

/// Esc stops waiting for the model files being read off the input loop (issue 11: what is
/// untrusted runs off the loop, bounded, and can be cancelled).
@Suite struct ModelReadCancelTests {
    static func setup() -> DecodeSetup {
        DecodeSetup.load(modelPaths: [Samples.model("01-basics")], typeExpression: "ProductCategory", options: DecodeOptions())
    }

    @Test func escWhileTheModelsAreReadStopsWaitingAndSaysHowToReadAgain() throws {
        var state = ExplorerState(tree: try JSONTree.parse(Samples.payload("01-basics")), fileName: "p.json")
        state.perform(.modelsReadStarted)
        #expect(state.decode.modelsReading)
        #expect(state.perform(.cancel) == [.cancelModelRead])
        #expect(!state.decode.modelsReading)
        #expect(state.status?.text == "stopped reading the model files; r reads them again")
        // Nothing is read any more: Esc goes back to what it does otherwise.
        #expect(state.perform(.cancel) == [])
        // A read that ends normally is no longer waited for either.
        state.perform(.modelsReadStarted)
        state.perform(.modelsReloaded(Loaded(Self.setup(), number: 1)))
        #expect(!state.decode.modelsReading)
    }

    @Test func aCancelledReadIsNeverDelivered() {
        let inbox = ActionInbox()
        let work = ModelWork(inbox: inbox)
        work.load(Self.setup(), number: 1) { setup in
            Thread.sleep(forTimeInterval: 0.3)
            return setup
        }
        work.cancel()
        _ = work.waitUntilIdle()
        #expect(inbox.drain().isEmpty)
        work.load(Self.setup(), number: 2) { $0 }
        _ = work.waitUntilIdle()
        let delivered = inbox.drain()
        #expect(delivered.count == 1)
        if case .modelsReloaded(let loaded)? = delivered.first { #expect(loaded.number == 2) } else { Issue.record("\(delivered)") }
    }
}
