import DecodingEngine
import Foundation
import JSONTree

/// Stepping through a decode whose model's code caught errors: the call that threw and the call the
/// catching code made (the outermost the error left) are both drawn `⊘`, the latter with the
/// catcher, the line of its code and what became of the value.
extension SteppingRenderer {
    /// The caught error a throwing call is part of (the trace says the call's error was caught): the
    /// one on its node, or on the node of a throwing call inside it.
    func caughtError(thrownAt position: Int, text: String) -> CaughtError? {
        guard text == TraceEntry.caughtDescription, let overlay = state.decode.overlay else { return nil }
        func caught(at node: NodeID?) -> CaughtError? {
            guard let node, let index = overlay.caughtByNode[node] else { return nil }
            // By node alone: a number that does not fit is Foundation's own error inside the decode
            // (`other` in the trace) and `dataCorrupted` once it is caught and reported.
            return overlay.report.caught[index]
        }
        if let found = caught(at: trace[position].node) { return found }
        let depth = trace[position].depth
        for entry in trace[(position + 1)...] {
            guard entry.depth > depth else { break }
            if case .threw = entry.outcome, let found = caught(at: entry.node) { return found }
        }
        return nil
    }

    /// `⊘ caught by LossyArray at Lenient.swift:21: the element was dropped` on the call the
    /// catching code made; `⊘ throws typeMismatch: … (caught)` on the calls inside it.
    func caughtNote(_ caught: CaughtError, at position: Int, kind: LocatedDecodingError.Kind, text: String) -> String {
        let depth = trace[position].depth
        var k = position - 1
        while k >= 0, trace[k].depth >= depth { k -= 1 }
        if k >= 0, case .threw(let outerKind, let outerText) = trace[k].outcome, outerKind == kind, outerText == text {
            return "⊘ throws \(caught.error.kind.rawValue): " + TerminalSafeText.escape(caught.error.debugDescription) + " (caught)"
        }
        let place = caught.caughtAt.map { " at \(($0.file as NSString).lastPathComponent):\($0.line)" } ?? ""
        return "⊘ caught by " + TerminalSafeText.escape((caught.catcher ?? "your code") + place) + ": " + caught.outcomeText
    }
}
