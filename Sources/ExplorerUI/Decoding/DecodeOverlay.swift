import DecodingEngine
import JSONTree

/// A decode report, indexed by node for drawing: which nodes failed and why, which the
/// model ignored, which keys each object lacks, and the errors in document order.
public struct DecodeOverlay: Hashable, Sendable {
    public private(set) var report: DecodeReport
    /// The decode root.
    public let root: NodeID
    /// For each node an error is about (or really is about, where Foundation lost the
    /// place), the indices of those errors in `report.errors`.
    public let errorsByNode: [NodeID: [Int]]
    /// Error stops for `]e` / `[e`, in document order: the node, and for a missing key its
    /// ghost row.
    public let stops: [ErrorStop]
    /// How many ghost rows each object shows (for the row walker).
    public let ghostCounts: [NodeID: Int]
    /// For each node an error the model's own code caught is about, the first such error's index
    /// in `report.caught` (compiled mode).
    public let caughtByNode: [NodeID: Int]

    public struct ErrorStop: Hashable, Sendable {
        public var error: Int
        public var row: Row
    }

    /// `nodeCount`: the explorer's tree; a node beyond it (the file changed under the
    /// worker, and a reload is on its way) is not drawn. `unreadableAt`: where a payload that
    /// is not JSON stops being read (``JSONTree/structureErrorNode``); the decode's error about
    /// the whole payload (`dataCorrupted`, no node) is drawn there.
    public init(report: DecodeReport, root: NodeID, nodeCount: Int = .max, unreadableAt: NodeID? = nil) {
        var report = report
        report.nodeStatus = report.nodeStatus.prefix(nodeCount)
        report.missingKeys = report.missingKeys.filter { $0.key < nodeCount }
        for k in report.errors.indices {
            if let node = report.errors[k].node, node >= nodeCount { report.errors[k].node = nil }
            if let cause = report.errors[k].realCause, cause.node >= nodeCount { report.errors[k].realCause = nil }
            if report.errors[k].node == nil, report.errors[k].kind == .dataCorrupted, let unreadableAt {
                report.errors[k].node = unreadableAt
            }
        }
        self.report = report
        self.root = root
        var byNode: [NodeID: [Int]] = [:]
        var stops: [ErrorStop] = []
        for (index, error) in report.errors.enumerated() {
            guard let node = error.realCause?.node ?? error.node else { continue }
            byNode[node, default: []].append(index)
            if error.kind == .keyNotFound, let key = error.key,
                let ghost = report.missingKeys[node]?.firstIndex(where: { $0.key == key })
            {
                stops.append(ErrorStop(error: index, row: Row(node: node, ghost: ghost)))
            } else {
                stops.append(ErrorStop(error: index, row: Row(node: node)))
            }
        }
        errorsByNode = byNode
        var caught: [NodeID: Int] = [:]
        for (index, error) in report.caught.enumerated() {
            if let node = error.error.node, node < nodeCount, caught[node] == nil { caught[node] = index }
        }
        caughtByNode = caught
        ghostCounts = report.missingKeys.mapValues(\.count)
        self.stops = stops.sorted { ($0.row.node, $0.row.ghost ?? -1) < ($1.row.node, $1.row.ghost ?? -1) }
    }

    public func status(of node: NodeID) -> NodeStatus? {
        errorsByNode[node] != nil ? .failed : report.nodeStatus[node]
    }

    /// How many caught errors' nodes lie in `node`'s subtree, its own included (`end`: its subtree's end).
    public func caughtCount(inside node: NodeID, end: NodeID) -> Int {
        caughtByNode.keys.count { $0 >= node && $0 < max(end, node + 1) }
    }

    public func ghosts(of node: NodeID) -> [MissingKey] { report.missingKeys[node] ?? [] }

    /// The error a row is about: the missing key's on a ghost row, else the node's first.
    /// How many error stops lie in `node`'s subtree (`end` is its subtree's end): its own
    /// error, its ghost rows' and every one below it, as a folded row counts them.
    public func errorCount(inside node: NodeID, end: NodeID) -> Int {
        // Stops are sorted by node: two binary searches.
        func firstStop(atOrAfter n: NodeID) -> Int {
            var (low, high) = (0, stops.count)
            while low < high {
                let mid = (low + high) / 2
                if stops[mid].row.node < n { low = mid + 1 } else { high = mid }
            }
            return low
        }
        return firstStop(atOrAfter: max(end, node + 1)) - firstStop(atOrAfter: node)
    }

    public func error(at row: Row) -> Int? {
        if let ghost = row.ghost {
            let key = ghosts(of: row.node)[ghost].key
            return errorsByNode[row.node]?.first { report.errors[$0].kind == .keyNotFound && report.errors[$0].key == key }
        }
        return errorsByNode[row.node]?.first { report.errors[$0].kind != .keyNotFound } ?? errorsByNode[row.node]?.first
    }
}
