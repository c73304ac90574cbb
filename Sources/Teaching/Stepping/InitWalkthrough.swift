import DecodingEngine
import JSONTree
import ModelSchema

/// One run of a synthesized `init(from:)` during a decode: its lines, and the container calls
/// it made, each tied to a line, the node it read and what it gave back or threw.
///
/// Built from a report decoded with `DecodeOptions.tracesCalls`. The trace lists every call
/// with its depth (how many `init(from:)` calls deep it was made); a run is a stretch of calls
/// at one depth, the calls of nested runs in between. For
///
///     1 container(keyedBy:)        ─┐ Album at $
///     1 decode([Song].self, …)      │
///     2   unkeyedContainer()        │   ─┐ the array
///     2   decode(Song.self)         │    │   ─┐ Song at $.songs[0]
///     3     container(keyedBy:)     │    │    │
///     3     decode(String.self, …)  │    │   ─┘
///     1 decodeIfPresent(Int.self, …)─┘   ─┘
///
/// the runs are Album (three calls), the array, and Song.
public struct InitWalkthrough: Sendable, Hashable {
    /// One executed line.
    public struct Step: Sendable, Hashable {
        /// Index into ``InitWalkthrough/lines``.
        public var line: Int
        /// The node the call read (a value, or the container's object).
        public var node: NodeID?
        /// What the call returned (rendered as JSON) or threw.
        public var outcome: TraceEntry.Outcome
        /// The call as the trace lists it, e.g. `decode(String.self, forKey: .name)`.
        public var call: String
        /// Index into the report's trace; nil for a line the engine does not trace (a raw value check).
        public var traceIndex: Int?
        /// Compiled mode: when more than one line of the user's source could have made the call (the
        /// trace cannot tell them apart), every such line; `line` is the first of them. Empty otherwise.
        public var candidateLines: [Int] = []
    }

    /// The model type this `init(from:)` belongs to.
    public var type: TypeRef
    /// The node it decoded.
    public var node: NodeID
    public var lines: [InitLine]
    /// The executed lines, in order; the decode stops at a call that throws (unless all-errors).
    public var steps: [Step]
    /// For each `CodingKeys` case line, the member of this object the key finds.
    public var keyNodes: [Int: NodeID]

    /// Every run of a model type's `init(from:)` in a traced report, in the order they started.
    public static func all(in report: DecodeReport, context: TeachingContext) -> [InitWalkthrough] {
        runs(of: report.trace).compactMap { make(run: $0, report: report, context: context) }
    }

    /// The run of the `init(from:)` that decoded this node, or the nearest object around it that
    /// a model type decoded (the type at the cursor); nil when there is none.
    public init?(report: DecodeReport, context: TeachingContext, node: NodeID) {
        let runs = Self.runs(of: report.trace)
        var byNode: [NodeID: [[Int]]] = [:]
        for run in runs { if let n = run.first.flatMap({ report.trace[$0].node }) { byNode[n, default: []].append(run) } }
        var current: NodeID? = node
        while let n = current {
            if let found = byNode[n]?.reversed().lazy.compactMap({ Self.make(run: $0, report: report, context: context) }).first {
                self = found
                return
            }
            if n == context.rootNode { break }
            current = context.tree.parent(n)
        }
        return nil
    }

    /// The first step that reads this node, for the view to start at the cursor.
    public func firstStep(at node: NodeID) -> Int? {
        steps.firstIndex { $0.node == node }
    }

    init(type: TypeRef, node: NodeID, lines: [InitLine], steps: [Step], keyNodes: [Int: NodeID]) {
        self.type = type
        self.node = node
        self.lines = lines
        self.steps = steps
        self.keyNodes = keyNodes
    }

    /// The trace split into runs: indices of the calls each run made, in order.
    static func runs(of trace: [TraceEntry]) -> [[Int]] {
        var runs: [[Int]] = []
        var open: [(depth: Int, run: Int)] = []
        for (i, entry) in trace.enumerated() {
            while let top = open.last, top.depth > entry.depth { open.removeLast() }
            if let top = open.last, top.depth == entry.depth {
                runs[top.run].append(i)
            } else {
                runs.append([i])
                open.append((entry.depth, runs.count - 1))
            }
        }
        return runs
    }
}
