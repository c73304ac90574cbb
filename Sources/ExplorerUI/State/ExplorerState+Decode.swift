import DecodingEngine
import Foundation
import JSONTree
import Teaching

extension ExplorerState {
    /// Enter: decode the chosen type with the cursor's node as the root.
    mutating func decodeHere() -> [Effect] {
        decode.root = cursor.node
        if case .noType = decode.setup.readiness {
            mode = .prompt(Prompt(.type))
            return []
        }
        return requestDecode()
    }

    /// Asks for a decode of the current setup at the current root, superseding any running one.
    mutating func requestDecode() -> [Effect] {
        switch decode.setup.readiness {
        case .noModel:
            status = StatusMessage("no model: start with --model FILE|DIR to decode", tone: .error)
            return []
        case .modelProblem(let problem):
            status = StatusMessage("the model does not compile: \(problem)", tone: .error)
            return []
        case .noType:
            status = StatusMessage("no type chosen: press t", tone: .error)
            return []
        case .ready(let type):
            if tree.isJSONLines {
                status = StatusMessage("JSON Lines: JSONDecoder reads one document, not lines", tone: .error)
                return []
            }
            let root = decode.root ?? tree.root
            decode.root = root
            let wasRunning = decode.isRunning
            decode.lastRequestID += 1
            let request = DecodeRequest(
                id: decode.lastRequestID, typeExpression: type, node: root,
                path: path(of: root), options: decode.setup.options, models: decode.setup.models)
            decode.phase = .running(request)
            decode.compiling = nil
            decode.decidedMode = nil
            decode.compileSeconds = nil
            decode.leftOut = nil
            decode.elapsedMilliseconds = 0
            return (wasRunning ? [.cancelDecode] : []) + [.startDecode(request)]
        }
    }

    mutating func cancelDecode() -> [Effect] {
        guard decode.isRunning else { return [] }
        decode.phase = decode.overlay == nil ? .idle : .finished
        status = StatusMessage("decode cancelled")
        return [.cancelDecode]
    }

    /// The running decode compiles, or says which way decided.
    mutating func noteDecode(id: Int, _ note: DecodeProgress) {
        guard case .running(let request) = decode.phase, request.id == id else { return }
        switch note {
        case .compiling(let start):
            decode.compiling = start
        case .decided(let mode, let seconds):
            // The compile is over (or there was none): what runs now is the decode, which Esc cancels.
            decode.compiling = nil
            decode.decidedMode = mode
            decode.compileSeconds = seconds
        case .leftOut(let files):
            decode.leftOut = files
        }
    }

    mutating func finishDecode(id: Int, outcome: DecodeOutcome) {
        guard case .running(let request) = decode.phase, request.id == id else { return }
        decode.compiling = nil
        decode.compilerDiagnostics = []
        if case .finished = outcome {
            var said: [String] = []
            if let seconds = decode.compileSeconds {
                said.append("compiled the model with swiftc in \(Self.oneDecimal(seconds)) s; the runner is cached")
            }
            // The files left out, said once, and again only when a decode leaves out other files.
            if let leftOut = decode.leftOut, leftOut != decode.leftOutSaid {
                said.append("note: \(leftOut)")
                decode.leftOutSaid = leftOut
            }
            if !said.isEmpty { status = StatusMessage(said.joined(separator: "; ")) }
        }
        switch outcome {
        case .finished(let report):
            if let failure = report.failure {
                decode.phase = .failed(failure.description)
                decode.overlay = nil
            } else {
                decode.phase = .finished
                decode.overlay = DecodeOverlay(
                    report: report, root: request.node, nodeCount: tree.nodeCount, unreadableAt: tree.structureErrorNode)
                decode.lessons = nil
                decode.lessonsPending = !report.errors.isEmpty || !report.caught.isEmpty
                decode.lessonsRequestID = id
            }
        case .crashed(let message):
            decode.phase = .failed(message)
            decode.overlay = nil
        case .failed(let message):
            decode.phase = .failed(message)
            decode.overlay = nil
        case .doesNotCompile(let diagnostics):
            decode.phase = .failed(CompiledDecoder.Failure.doesNotCompileHeadline)
            decode.compilerDiagnostics = diagnostics
            decode.overlay = nil
        case .cancelled:
            decode.phase = decode.overlay == nil ? .idle : .finished
        }
        if decode.opensSteppingWhenDone {
            decode.opensSteppingWhenDone = false
            if let trace = decode.overlay?.report.trace, !trace.isEmpty { startStepping(trace) }
        }
        // The cursor may sit on a ghost row that no longer exists.
        if let ghost = cursor.ghost, ghost >= (decode.overlay?.ghostCounts[cursor.node] ?? 0) {
            cursor = Row(node: cursor.node)
        }
    }

    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// `]e` / `[e`: moves to the next error stop after (or before) the cursor, wrapping.
    mutating func jumpToError(forward: Bool) {
        guard let overlay = decode.overlay, !overlay.stops.isEmpty else {
            status = StatusMessage(decode.overlay == nil ? "nothing decoded yet: Enter decodes here" : "no errors")
            return
        }
        let here = (cursor.node, cursor.ghost ?? (cursor.isClose ? Int.max : -1))
        let stops = overlay.stops
        let index: Int
        if forward {
            index = stops.firstIndex { ($0.row.node, $0.row.ghost ?? -1) > here } ?? 0
        } else {
            index = stops.lastIndex { ($0.row.node, $0.row.ghost ?? -1) < here } ?? stops.count - 1
        }
        let stop = stops[index]
        reveal(stop.row.node)
        if stop.row.ghost != nil { folds.setExpanded(stop.row.node, true) }
        cursor = stop.row
        detail = .automatic
        // With more than one, how to reach the others stays on the line the hints gave way to.
        status = StatusMessage("error \(index + 1) of \(stops.count)" + (stops.count > 1 ? "   ]e next  [e previous" : ""))
    }

    /// Unfolds what hides a node.
    mutating func reveal(_ node: NodeID) {
        var n = node
        while let p = tree.parent(n) { folds.setExpanded(p, true); n = p }
    }

    /// A node's path as a key path (array positions from the remembered metrics).
    func path(of node: NodeID) -> NodePath {
        let walker = self.walker
        return NodePath(of: node, in: tree) { self.metrics.position(of: $0, in: walker) }
    }

    mutating func apply(_ change: OptionChange) -> [Effect] {
        switch change {
        case .cycle(let item, let forward):
            decode.setup.options = OptionsMenu.cycle(decode.setup.options, item: item, forward: forward)
            decode.optionsChanged = true
            return []
        case .dateFormat(let format):
            decode.setup.options.dates = .formatted(format)
            decode.optionsChanged = true
            mode = .options(selection: 1)
            return []
        case .close:
            mode = .browse
            guard decode.optionsChanged else { return [] }
            decode.optionsChanged = false
            return decode.overlay != nil || decode.isRunning || decode.root != nil ? requestDecode() : []
        }
    }

    /// `E`: every error, or the first only (as `JSONDecoder` throws), decoded again at once.
    mutating func toggleAllErrors() -> [Effect] {
        decode.setup.options.allErrors.toggle()
        status = StatusMessage(
            decode.setup.options.allErrors ? "all errors: on, the decode goes on past each error" : "all errors: off, the first error only")
        return decode.overlay != nil || decode.isRunning || decode.root != nil ? requestDecode() : []
    }

    /// The type picker's choice: a type name or a type expression.
    mutating func chooseType(_ expression: String) -> [Effect] {
        let trimmed = expression.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return [] }
        if decode.setup.schema != nil { return checkType(trimmed, typed: expression) }
        decode.setup.typeExpression = trimmed
        return requestDecode()
    }
}
