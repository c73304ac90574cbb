import DecodingEngine
import JSONTree

/// Stepping through a decode whose model's code caught errors: the call that threw and the call the
/// catching code made (the outermost the error left) are both drawn `⊘`, the latter with the
/// catcher, the line of its code and what became of the value.
extension SteppingRenderer {
    /// The caught error a throwing call is part of: the one on its node, or on the node of a throwing
    /// call inside it, when that error is not the one the decode threw (``DecodeReport/errors``).
    func caughtError(thrownAt position: Int, kind: LocatedDecodingError.Kind, text: String) -> CaughtError? {
        guard let overlay = state.decode.overlay, !overlay.caughtByNode.isEmpty else { return nil }
        let final = overlay.report.errors.contains { $0.kind == kind && $0.debugDescription == text }
        func caught(at node: NodeID?) -> CaughtError? {
            guard let node, let index = overlay.caughtByNode[node] else { return nil }
            let caught = overlay.report.caught[index]
            return caught.error.kind == kind && caught.error.debugDescription == text ? caught : nil
        }
        if let found = caught(at: trace[position].node) { return final ? nil : found }
        let depth = trace[position].depth
        for entry in trace[(position + 1)...] {
            guard entry.depth > depth else { break }
            if case .threw = entry.outcome, let found = caught(at: entry.node) { return final ? nil : found }
        }
        return nil
    }

    /// `⊘ caught by LossyArray.init(from:) at Lenient.swift:21: the element was dropped` on the call the
    /// catching code made; `⊘ throws typeMismatch: … (caught)` on the calls inside it.
    func caughtNote(_ caught: CaughtError, at position: Int, kind: LocatedDecodingError.Kind, text: String) -> String {
        let depth = trace[position].depth
        var k = position - 1
        while k >= 0, trace[k].depth >= depth { k -= 1 }
        if k >= 0, case .threw(let outerKind, let outerText) = trace[k].outcome, outerKind == kind, outerText == text {
            return "⊘ throws \(kind.rawValue): " + TerminalSafeText.escape(text) + " (caught)"
        }
        let place = caught.caughtAt.map { " at \($0.file):\($0.line)" } ?? ""
        return "⊘ caught by " + TerminalSafeText.escape(caught.catcherText + place) + ": " + caught.outcomeText
    }
}
