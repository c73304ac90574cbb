import CodableExplorerRunner
import JSONTree

/// What the compiled model's container calls say about the payload's nodes: the keys it read, the
/// keys it ignored, and the required keys that are missing, as the schema engine says them.
struct CompiledTrace {
    var calls: [RunnerCall]

    /// Fills the report's node statuses and missing keys from the calls, on `tree`; with
    /// `keepsCalls` (`DecodeOptions.tracesCalls`), the calls themselves as the report's trace.
    func apply(to report: inout DecodeReport, tree: JSONTree, keys: DecodeOptions.KeyStrategy, keepsCalls: Bool = false) {
        var containers = Containers(resolver: CodingPathResolver(tree: tree, keys: keys), root: tree.root)
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
            let (container, complete) = containers.resolve(call.p)
            guard complete else { continue }
            mark(container, .read)
            if call.c.hasPrefix("keyed."), tree.kind(container) == .object, seenObjects.insert(container).inserted {
                objects.append(container)
            }
            if call.c == "keyed.allKeys" { allKeysRead.insert(container) }
            guard let step = call.k else { continue }
            if let member = containers.resolver.child(of: container, Self.component(step)) {
                touched.insert(member)
                // `contains` asks about the key without reading its value.
                if call.c != "keyed.contains" && call.e == nil { mark(member, .read) }
            } else if call.c == "keyed.decode" || call.c == "keyed.nestedContainer" || call.c == "keyed.nestedUnkeyedContainer",
                call.e == .keyNotFound, let key = step.key
            {
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
        if keepsCalls { report.trace = entries(tree: tree, keys: keys, errors: report.errors) }
    }

    /// The calls as the stepping view lists them, each with its node, its outcome and what ties it
    /// to the user's source (``CompiledCallSite``); the runner's `init` records open the runs.
    func entries(tree: JSONTree, keys: DecodeOptions.KeyStrategy, errors: [LocatedDecodingError]) -> [TraceEntry] {
        var containers = Containers(resolver: CodingPathResolver(tree: tree, keys: keys), root: tree.root)
        // The calls' types as Swift writes them, each worked out once.
        var sugared: [String: String] = [:]
        // The type whose init(from:) runs at each depth, and its decoder's path length.
        var owners: [Int: (name: String, pathCount: Int)] = [:]
        let lastThrow = calls.lastIndex { $0.c != "init" && $0.e != nil }
        var entries: [TraceEntry] = []
        for (index, call) in calls.enumerated() {
            let depth = call.d ?? 1
            if call.c == "init" {
                owners[depth] = (Self.schemaName(call.t ?? ""), call.p.count)
                continue
            }
            let (container, complete) = containers.resolve(call.p)
            var node: NodeID? = complete ? container : nil
            var member: NodeID?
            if let step = call.k, let at = node, call.c != "keyed.superDecoder" {
                member = containers.resolver.child(of: at, Self.component(step))
                node = member ?? (call.c.hasPrefix("keyed.") ? at : nil)
            }
            let (kind, method) = Self.split(call.c)
            let owner = owners[depth - 1]
            let site = owner.map {
                CompiledCallSite(
                    owner: $0.name, container: kind, method: method, key: call.k?.index == nil ? call.k?.key : nil,
                    depth: call.p.count - $0.pathCount, type: call.t)
            }
            let outcome: TraceEntry.Outcome
            if let thrown = call.e {
                let errorKind = LocatedDecodingError.Kind(thrown)
                // The error the decode ended with passes through this call when nothing after it ran at its depth.
                let final = index == lastThrow || calls[(index + 1)...].allSatisfy { $0.c == "init" || ($0.d ?? 1) > depth }
                if final, let ended = errors.first {
                    // The error the decode ended with (Foundation turns some of its own, a number that does
                    // not fit, into a DecodingError only when they leave `decode(_:from:)`).
                    outcome = .threw(kind: ended.kind, debugDescription: ended.debugDescription)
                } else {
                    outcome = .threw(kind: errorKind, debugDescription: TraceEntry.caughtDescription)
                }
            } else {
                outcome = .returned(Self.result(method, call: call, node: node, member: member, tree: tree))
            }
            let type = call.t.map { name in
                if let known = sugared[name] { return known }
                let text = SwiftTypeName.sugared(name)
                sugared[name] = text
                return text
            }
            entries.append(
                TraceEntry(call: Self.text(call, method: method, type: type), node: node, depth: depth, outcome: outcome, site: site))
        }
        return entries
    }

    /// The payload node of each call's container, the last path's kept: calls in a row mostly share
    /// their container (and, read from ``TraceBytes``, the same array of steps).
    private struct Containers {
        var resolver: CodingPathResolver
        let root: NodeID
        var last: (path: [RunnerJob.Step], node: NodeID, complete: Bool)?

        mutating func resolve(_ path: [RunnerJob.Step]) -> (NodeID, Bool) {
            if let last, last.path == path { return (last.node, last.complete) }
            let (node, complete) = resolver.resolve(path.map(CompiledTrace.component), from: root)
            last = (path, node, complete)
            return (node, complete)
        }
    }

    static func component(_ step: RunnerJob.Step) -> PathComponent {
        step.index.map(PathComponent.index) ?? .key(step.key ?? "")
    }

    /// The type as the model source names it: `String(reflecting:)` without its module and generic
    /// arguments, whatever the module is (`Models`, the `--module-name`, a package target's):
    /// `Models.Zoo.Animal` → `Zoo.Animal`; `TMDb.TVSeries` → `TVSeries`; `Models.Page<Swift.Int>` → `Page`.
    /// With the module left on, a package target's hand-written `init(from:)` was not found in its
    /// source, and was called synthesized.
    static func schemaName(_ reflecting: String) -> String {
        var out = "", nesting = 0
        for c in reflecting {
            if c == "<" { nesting += 1 } else if c == ">" { nesting -= 1 } else if nesting == 0 { out.append(c) }
        }
        guard let dot = out.firstIndex(of: ".") else { return out }
        return String(out[out.index(after: dot)...])
    }

    /// `keyed.decode` → (keyed, `decode`); `container` → (decoder, `container`).
    static func split(_ c: String) -> (CompiledCallSite.Container, String) {
        for (prefix, kind) in [("keyed.", CompiledCallSite.Container.keyed), ("unkeyed.", .unkeyed), ("single.", .single)]
        where c.hasPrefix(prefix) {
            return (kind, String(c.dropFirst(prefix.count)))
        }
        return (.decoder, c)
    }

    /// The call as Swift: `decode(String.self, forKey: "name")`, `decode([Song].self)`: the type as
    /// Swift code writes it, not as the runtime prints it (`Array<Song>`); `type`: the call's type
    /// so written already.
    static func text(_ call: RunnerCall, method: String, type: String?? = nil) -> String {
        TraceEntry.callText(
            method: method, type: type ?? call.t.map(SwiftTypeName.sugared), key: call.k.flatMap { $0.index == nil ? $0.key : nil })
    }

    /// What a call that returned gave back, as the view shows it: the value's JSON, abbreviated.
    static func result(_ method: String, call: RunnerCall, node: NodeID?, member: NodeID?, tree: JSONTree) -> String {
        switch method {
        case "container", "nestedContainer": return "keyed container"
        case "unkeyedContainer", "nestedUnkeyedContainer":
            return node.map { "unkeyed container, \(tree.childCount($0)) elements" } ?? "unkeyed container"
        case "singleValueContainer": return "single-value container"
        case "superDecoder": return "decoder"
        case "allKeys": return node.map { "\(tree.childCount($0)) keys" } ?? "keys"
        case "contains": return member == nil ? "false" : "true"
        case "decodeNil": return (member ?? node).map { tree.kind($0) == .null ? "true" : "false" } ?? ""
        default:
            if call.k != nil, member == nil { return "nil" }
            guard let node else { return "" }
            if method == "decodeIfPresent", tree.kind(node) == .null { return "nil" }
            let text = tree.rawText(node)
            return text.count > 60 ? String(text.prefix(59)) + "…" : text
        }
    }
}
