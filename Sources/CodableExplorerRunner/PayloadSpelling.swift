import Foundation

/// Coding paths of a decoder whose key strategy is `.custom` spelled back in the payload's own
/// keys. Foundation's keyed container converts each key of an object with the closure, given the
/// container's coding path and the key; the payload key of a converted one is found the same way,
/// so the tool locates an error (and marks the keys read) on the node the app's decoder read.
struct PayloadSpelling {
    private let convert: ([any CodingKey]) -> any CodingKey
    private let root: Any?
    /// Per object (its coding path, converted), the payload key of each converted key.
    private var objects: [[RunnerJob.Step]: [String: String]] = [:]

    init(convert: @escaping ([any CodingKey]) -> any CodingKey, payload: Data, json5: Bool) {
        self.convert = convert
        let reader = JSONDecoder()
        reader.allowsJSON5 = json5
        root = (try? reader.decode(PayloadNode.self, from: payload))?.value
    }

    /// `path` (as the decoder's coding path gives it) with each key as the payload spells it; nil
    /// where a step is not in the payload (a key that is missing: the path stops being the payload's).
    mutating func payloadPath(_ path: [RunnerJob.Step]) -> [RunnerJob.Step]? {
        guard var node = root else { return nil }
        var spelled: [RunnerJob.Step] = []
        for (depth, step) in path.enumerated() {
            if let index = step.index {
                guard let array = node as? [Any], array.indices.contains(index) else { return nil }
                node = array[index]
                spelled.append(step)
            } else if let key = step.key {
                guard let object = node as? [String: Any], let raw = payloadKey(key, in: object, at: Array(path[..<depth])),
                    let value = object[raw]
                else { return nil }
                node = value
                spelled.append(RunnerJob.Step(key: raw))
            }
        }
        return spelled
    }

    /// The payload key of the object at `path` that the closure converts to `key`.
    private mutating func payloadKey(_ key: String, in object: [String: Any], at path: [RunnerJob.Step]) -> String? {
        if let known = objects[path] { return known[key] }
        let prefix: [any CodingKey] = path.map { step in
            step.index.map { PathKey(index: $0) } ?? PathKey(stringValue: step.key ?? "")
        }
        var converted: [String: String] = [:]
        for raw in object.keys {
            let name = convert(prefix + [PathKey(stringValue: raw)]).stringValue
            // The first wins, as in Foundation's container when two keys convert alike.
            if converted[name] == nil { converted[name] = raw }
        }
        objects[path] = converted
        return converted[key]
    }

    /// The failure with its payload path (``RunnerReply/Failure/payloadPath``).
    mutating func spell(_ failure: RunnerReply.Failure) -> RunnerReply.Failure {
        var failure = failure
        if failure.kind != .other { failure.payloadPath = payloadPath(failure.codingPath) }
        return failure
    }

    /// The container calls with their paths and keys as the payload spells them, where it does.
    mutating func spell(_ calls: [RunnerCall]) -> [RunnerCall] {
        calls.map { call in
            var call = call
            guard let path = payloadPath(call.p) else { return call }
            if let key = call.k?.key, let object = objectAt(path), let raw = payloadKey(key, in: object, at: call.p) {
                call.k = RunnerJob.Step(key: raw)
            }
            call.p = path
            return call
        }
    }

    private func objectAt(_ payloadPath: [RunnerJob.Step]) -> [String: Any]? {
        var node = root
        for step in payloadPath {
            if let index = step.index {
                node = (node as? [Any]).flatMap { $0.indices.contains(index) ? $0[index] : nil }
            } else if let key = step.key {
                node = (node as? [String: Any])?[key]
            }
        }
        return node as? [String: Any]
    }
}

/// The payload as plain arrays and dictionaries (read by Foundation's own reader, JSON5 included).
private struct PayloadNode: Decodable {
    let value: Any

    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var items: [Any] = []
            while !array.isAtEnd { items.append(try array.decode(PayloadNode.self).value) }
            value = items
        } else if let object = try? decoder.container(keyedBy: PathKey.self) {
            var members: [String: Any] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(PayloadNode.self, forKey: key).value }
            value = members
        } else {
            value = ()
        }
    }
}

/// A coding key as Foundation's containers make them: `Index N` with its int value for positions.
private struct PathKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) { self.stringValue = stringValue }
    init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }
    init?(intValue: Int) { self.init(index: intValue) }
}
