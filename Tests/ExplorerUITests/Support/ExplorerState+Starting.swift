import JSONTree
import Testing

@testable import ExplorerUI

extension ExplorerState {
    /// The explorer on `payload` once its first decode (`⏎` at the root) has started, with that
    /// decode's request (a test sends its outcome).
    static func startingDecode(of payload: String, _ setup: DecodeSetup) throws -> (ExplorerState, DecodeRequest) {
        var state = ExplorerState(
            tree: try JSONTree.parse(Array(payload.utf8)), fileName: "payload.json", decode: DecodeSession(setup: setup))
        let effects = state.perform(.redecode, treeRows: 20)
        guard case .startDecode(let request)? = effects.last else {
            Issue.record("no decode started: \(effects)")
            throw CancellationError()
        }
        return (state, request)
    }
}
