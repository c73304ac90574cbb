import JSONTree

/// One container call the model's compiled code made, as the runner's tracing decoder recorded it
/// (`__CECall` in ``RunnerTraceSource``).
struct RunnerCall: Decodable, Hashable {
    /// `container`, `keyed.decode`, `keyed.contains`, `unkeyed.decode`, `single.decode`, …
    var c: String
    /// The container's coding path.
    var p: [RunnerJob.Step]
    /// The key asked for, or the unkeyed container's index.
    var k: RunnerJob.Step?
    /// The kind of error the call threw, if it threw.
    var e: String?
}

/// What the compiled model's container calls say about the payload's nodes: the keys it read, the
/// keys it ignored, and the required keys that are missing, as the schema engine says them.
struct CompiledTrace {
    var calls: [RunnerCall]

    /// Fills the report's node statuses and missing keys from the calls, on `tree`.
    func apply(to report: inout DecodeReport, tree: JSONTree, keys: DecodeOptions.KeyStrategy) {
        var resolver = CodingPathResolver(tree: tree, keys: keys)
        var status = NodeStatusTable()
        func mark(_ node: NodeID, _ new: NodeStatus) {
            if let old = status[node], old.rank >= new.rank { return }
            status[node] = new
        }
        var objects: [NodeID] = []
        var seenObjects: Set<NodeID> = []
        var touched: Set<NodeID> = []
        var allKeysRead: Set<NodeID> = []
        var missing: [NodeID: [MissingKey]] = [:]
        for call in calls {
            let (container, complete) = resolver.resolve(call.p.map(Self.component), from: tree.root)
            guard complete else { continue }
            mark(container, .read)
            if call.c.hasPrefix("keyed."), tree.kind(container) == .object, seenObjects.insert(container).inserted {
                objects.append(container)
            }
            if call.c == "keyed.allKeys" { allKeysRead.insert(container) }
            guard let step = call.k else { continue }
            if let member = resolver.child(of: container, Self.component(step)) {
                touched.insert(member)
                // `contains` asks about the key without reading its value.
                if call.c != "keyed.contains" && call.e == nil { mark(member, .read) }
            } else if call.c == "keyed.decode" || call.c == "keyed.nestedContainer" || call.c == "keyed.nestedUnkeyedContainer",
                      call.e == "keyNotFound", let key = step.key {
                if !(missing[container]?.contains { $0.key == key } ?? false) {
                    missing[container, default: []].append(MissingKey(key: key, property: nil))
                }
            }
        }
        for object in objects where !allKeysRead.contains(object) {
            for member in tree.children(object) where !touched.contains(member) { mark(member, .ignored) }
        }
        for error in report.errors {
            guard let node = error.node else { continue }
            if error.kind == .keyNotFound { continue }  // about the key, listed in missingKeys
            mark(node, .failed)
        }
        report.nodeStatus = status
        report.missingKeys = missing
    }

    static func component(_ step: RunnerJob.Step) -> PathComponent {
        step.index.map(PathComponent.index) ?? .key(step.key ?? "")
    }
}
