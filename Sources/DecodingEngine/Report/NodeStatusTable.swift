import Foundation
import JSONTree

/// What the decode did with each node, as the engine records it: one byte per node of the
/// payload (none, ignored, read, failed), indexed by `NodeID`. Crosses the process boundary as
/// those bytes (a `Data`, which the channels' coder writes as it is: 1 byte a node, where a
/// `[NodeID: NodeStatus]` dictionary took about 20 as JSON).
public struct NodeStatusTable: Sendable, Hashable, Codable, ExpressibleByDictionaryLiteral {
    /// 0: no status; otherwise `NodeStatus.rank + 1`.
    private var codes: [UInt8]

    private static let statuses: [NodeStatus] = [.ignored, .read, .failed]

    public init() { codes = [] }

    /// The engine's own table, copied once.
    init(codes: UnsafeMutableBufferPointer<UInt8>) {
        self.codes = Array(codes)
    }

    public init(dictionaryLiteral elements: (NodeID, NodeStatus)...) {
        codes = []
        for (node, status) in elements { self[node] = status }
    }

    /// The status of a node; nil when the decode never reached it.
    public subscript(node: NodeID) -> NodeStatus? {
        get {
            guard node >= 0, node < codes.count, codes[node] != 0 else { return nil }
            return Self.statuses[Int(codes[node]) - 1]
        }
        set {
            guard node >= 0 else { return }
            if node >= codes.count {
                guard newValue != nil else { return }
                codes += Array(repeating: 0, count: node + 1 - codes.count)
            }
            codes[node] = newValue.map { UInt8($0.rank + 1) } ?? 0
        }
    }

    /// How many nodes have a status.
    public var count: Int { codes.count { $0 != 0 } }

    public var isEmpty: Bool { !codes.contains { $0 != 0 } }

    /// The nodes with a status, in document order, with it.
    public var entries: [(node: NodeID, status: NodeStatus)] {
        codes.enumerated().compactMap { node, code in code == 0 ? nil : (node, Self.statuses[Int(code) - 1]) }
    }

    /// The table without the nodes from `nodeCount` on (a tree that has fewer nodes).
    public func prefix(_ nodeCount: Int) -> NodeStatusTable {
        var table = self
        if nodeCount < codes.count { table.codes.removeSubrange(max(0, nodeCount)...) }
        return table
    }

    public init(from decoder: any Decoder) throws {
        codes = [UInt8](try decoder.singleValueContainer().decode(Data.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Data(codes))
    }

    public static func == (a: NodeStatusTable, b: NodeStatusTable) -> Bool {
        a.codes.reversed().drop { $0 == 0 }.elementsEqual(b.codes.reversed().drop { $0 == 0 })
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(Array(codes.reversed().drop { $0 == 0 }))
    }
}
