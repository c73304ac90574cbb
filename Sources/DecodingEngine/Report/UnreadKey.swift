import JSONTree
import ModelSchema

/// A key the payload sends in objects of a type that the model never reads: data the app never
/// sees. Found from the decode's node statuses (a member no coding key asked for is ``NodeStatus/ignored``).
public struct UnreadKey: Sendable, Hashable, Codable {
    /// The type whose objects send it, as the model names it; nil when the decode did not say.
    public var type: String?
    /// The key as the payload writes it.
    public var key: String
    /// How many objects of the type send it.
    public var count: Int
    /// The first object's key.
    public var location: SourceLocation
    /// A key the type asks for within a few edits of this one (`nickname` for `nick_name`).
    public var near: String?

    public init(type: String?, key: String, count: Int, location: SourceLocation, near: String?) {
        self.type = type
        self.key = key
        self.count = count
        self.location = location
        self.near = near
    }

    /// The unread keys of a decode, in payload order, one per (type, key). The type of each object
    /// and the keys it asks for come from `types` (schema mode) or, failing that, from the trace's
    /// calls (compiled mode, traced); keys are compared as the decoder saw them (`keys`).
    public static func find(
        in report: DecodeReport, tree: JSONTree, schema: Schema?, keys: DecodeOptions.KeyStrategy
    )
        -> [UnreadKey]
    {
        var traced: [NodeID: (owner: String, asked: Set<String>)] = [:]
        for entry in report.trace {
            guard let site = entry.site, site.container == .keyed, let key = site.key, let node = entry.node else { continue }
            let object = tree.key(node).map { seen($0, keys) == key } == true ? tree.parent(node) ?? node : node
            traced[object, default: (site.owner, [])].asked.insert(key)
        }
        var found: [UnreadKey] = []
        var index: [String: Int] = [:]
        for (node, status) in report.nodeStatus.entries where status == .ignored {
            guard let object = tree.parent(node), report.nodeStatus[object] != .ignored, tree.kind(object) == .object,
                let key = tree.key(node)
            else { continue }
            var type: String?
            var asked: Set<String> = []
            if let entry = report.nodeTypes[object] {
                type = entry.type.swiftSpelling
                let properties = schema?.typeSchema(for: entry.type)?.decodedProperties ?? []
                asked = Set(properties.compactMap { $0.codingKey?.stringValue ?? $0.name })
            } else if let record = traced[object] {
                type = record.owner
                asked = record.asked
            }
            let id = "\(type ?? "")\u{0}\(key)"
            if let at = index[id] {
                found[at].count += 1
                continue
            }
            index[id] = found.count
            let location = tree.keyLocation(node) ?? tree.location(node)
            found.append(UnreadKey(type: type, key: key, count: 1, location: location, near: nearest(seen(key, keys), among: asked)))
        }
        return found
    }

    /// The key as a decoder with the key strategy `keys` presents it.
    static func seen(_ key: String, _ keys: DecodeOptions.KeyStrategy) -> String {
        keys == .convertFromSnakeCase ? SnakeCase.convert(key) : key
    }

    /// The asked key nearest `key` once case, `_` and `-` are ignored, within a quarter of its letters.
    static func nearest(_ key: String, among asked: Set<String>) -> String? {
        func normalized(_ s: String) -> String { s.lowercased().filter { $0 != "_" && $0 != "-" } }
        let target = normalized(key)
        let allowed = max(1, min(3, target.count / 4))
        var best: (key: String, distance: Int)?
        for candidate in asked.sorted() where candidate != key {
            let distance = EditDistance.between(target, normalized(candidate))
            if distance <= allowed, distance < best?.distance ?? Int.max { best = (candidate, distance) }
        }
        return best?.key
    }
}
