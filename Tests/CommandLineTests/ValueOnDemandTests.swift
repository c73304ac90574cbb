import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Testing

@testable import DecodeWorker
@testable import Teaching

/// The explorer's value view asks the real `decode-worker` about one node at a time
/// (``DecodeJob/ValueDelivery/onDemand``). Held to what the explorer showed before, when the
/// whole value crossed: for nodes of real payloads, the worker's answer equals what the old
/// locator found walking the whole value decoded in this process. And the worker ends when its
/// input does.
@Suite struct ValueOnDemandTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var scenario: String
        var type: String
        var path: NodePath = .root
        var options = DecodeOptions()
        /// Every `stride`-th node of the decoded part is asked about (1: every node), and the
        /// nodes under the first few elements of the root's largest array.
        var stride = 1
        /// Makes the scenario's payload decode whole (it is made to fail for the tour).
        var repair: (@Sendable (String) -> String)?

        var testDescription: String { "\(scenario) as \(type)" }
    }

    static let cases: [Case] = [
        // 2 MB of orders under snake_case and ISO 8601: nested structs, optionals, enums, Decimals,
        // dates, arrays; its one bad postal code (a number) quoted so the whole of it decodes.
        Case(
            scenario: "22-large-response", type: "OrdersResponse",
            options: DecodeOptions(keys: .convertFromSnakeCase, dates: .iso8601), stride: 211,
            repair: { $0.replacing(/"postal_code": (\d+)/) { #""postal_code": "\#($0.1)""# } }),
        // A generic type (`PageEntity<Song>`: the owner named without its arguments).
        Case(scenario: "20-generic-envelope", type: "PageEntity<Song>"),
        // A decode root below the document root.
        Case(scenario: "05-key-path", type: "Element", path: NodePath([.key("elements"), .index(0), .key("element")])),
        Case(scenario: "11-dates-seconds", type: "Transaction", options: DecodeOptions(dates: .secondsSince1970)),
    ]

    /// The scenario's payload (repaired) in a file the worker reads, and its model.
    static func files(_ c: Case) throws -> (payload: String, model: String) {
        let folder = FixCommandTests.samples.appendingPathComponent(c.scenario)
        var text = try String(contentsOf: folder.appendingPathComponent("payload.json"), encoding: .utf8)
        if let repair = c.repair { text = repair(text) }
        let payload = FileManager.default.temporaryDirectory.appendingPathComponent("value-on-demand-\(UUID().uuidString).json")
        try text.write(to: payload, atomically: true, encoding: .utf8)
        return (payload.path, folder.appendingPathComponent("Models.swift").path)
    }

    @Test("the worker's answer for each node equals what the explorer found on the whole value", arguments: cases)
    func answersMatchTheWholeValue(_ c: Case) throws {
        let (payloadPath, model) = try Self.files(c)
        defer { try? FileManager.default.removeItem(atPath: payloadPath) }
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: payloadPath)))
        let tree = try JSONTree.parse(bytes)
        let root = try c.path.resolve(in: tree).get()
        let schema = try Schema.load(paths: [model])
        // The old way: the whole value decoded here, walked node by node.
        let whole = DecodingEngine(schema: schema).decode(
            try schema.resolve(c.type), payload: bytes, tree: tree, at: root, options: c.options)
        let value = try #require(whole.value, "\(whole.errors.first.map { "\($0)" } ?? "no value")")
        let old = WholeValueLocator(tree: tree, root: root, value: value, schema: schema, keys: c.options.keys)

        let nodes = Self.nodes(in: tree, root: root, stride: c.stride)
        let rootDepth = NodePath(of: root, in: tree).components.count
        var queries: [ValueQuery] = []
        for (k, node) in nodes.enumerated() {
            queries.append(ValueQuery(id: k, path: NodePath(Array(NodePath(of: node, in: tree).components.dropFirst(rootDepth)))))
        }
        let job = DecodeJob(
            payloadPath: payloadPath, modelPaths: [model], typeExpression: c.type, path: c.path, options: c.options,
            teaching: .fixes, value: .onDemand)
        let answers = try Self.ask(queries, job: job)

        var found = 0
        for (k, node) in nodes.enumerated() {
            let expected = old.locate(node)
            switch answers[k] {
            case .value(let answer)?:
                found += 1
                let expectedText = expected.map { $0.value.swiftText(limit: NodeValue.textLimit) }
                #expect(answer.text == expectedText?.text, "\(queries[k].path)")
                #expect(answer.isTruncated == expectedText?.isTruncated, "\(queries[k].path)")
                #expect(answer.owner == expected?.owner?.qualifiedName, "\(queries[k].path)")
                #expect(answer.property == expected?.property?.name, "\(queries[k].path)")
            case .notDecoded?:
                #expect(
                    expected?.value == nil,
                    "\(queries[k].path): not decoded, but the whole value has \(String(describing: expected?.value))")
            case let other:
                Issue.record("\(queries[k].path): \(String(describing: other))")
            }
        }
        #expect(found > nodes.count / 2, "most nodes are part of the decoded value (\(found) of \(nodes.count))")
    }

    @Test("the worker ends when its input closes, and the run ends without a failure")
    func endsWhenInputCloses() throws {
        let c = Self.cases[1]
        let (payloadPath, model) = try Self.files(c)
        defer { try? FileManager.default.removeItem(atPath: payloadPath) }
        let job = DecodeJob(payloadPath: payloadPath, modelPaths: [model], typeExpression: c.type, value: .onDemand)
        let client = FixCommandTests.worker
        let reported = DispatchSemaphore(value: 0), ended = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var run = DecodeClient.Run()
        Thread.detachNewThread {
            client.run(job) { reply in
                if case .report = reply { reported.signal() }
                if case .failure = reply { run.replies.append(reply) }
            }
            ended.signal()
        }
        try #require(reported.wait(timeout: .now() + 60) == .success, "no verdict")
        let pid = try #require(client.childProcessID)
        Thread.sleep(forTimeInterval: 0.3)
        #expect(kill(pid, 0) == 0, "the worker stays while its input is open")
        client.closeInput()
        #expect(ended.wait(timeout: .now() + 10) == .success, "the worker is still running after its input closed")
        #expect(run.failure == nil)
    }

    /// The nodes of the decoded part to ask about: every `stride`-th, and all of the first 400,
    /// leaving out members whose key repeats (on their way), which the explorer answers itself.
    static func nodes(in tree: JSONTree, root: NodeID, stride: Int) -> [NodeID] {
        (root..<tree.subtreeEnd(root)).filter { node in
            guard (node - root) % stride == 0 || node - root < 400 else { return false }
            var n = node
            while n != root, let parent = tree.parent(n) {
                if tree.isDuplicateKey(n) { return false }
                n = parent
            }
            return true
        }
    }

    /// Sends the queries to a worker running `job` once its verdict is in, collects the answers,
    /// then closes its input; the worker must end.
    static func ask(_ queries: [ValueQuery], job: DecodeJob) throws -> [Int: ValueQuery.Answer] {
        let client = FixCommandTests.worker
        let lock = NSLock()
        nonisolated(unsafe) var answers: [Int: ValueQuery.Answer] = [:]
        nonisolated(unsafe) var failure: WorkerFailure?
        let all = DispatchSemaphore(value: 0), ended = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            client.run(job) { reply in
                switch reply {
                case .report: for query in queries { client.ask(query) }
                case .nodeValue(let id, let answer):
                    let count = lock.withLock {
                        answers[id] = answer
                        return answers.count
                    }
                    if count == queries.count { all.signal() }
                case .failure(let f): lock.withLock { failure = f }
                default: break
                }
            }
            ended.signal()
        }
        try #require(all.wait(timeout: .now() + 120) == .success, "\(lock.withLock { answers.count }) of \(queries.count) answered")
        client.closeInput()
        try #require(ended.wait(timeout: .now() + 10) == .success, "the worker did not end when its input closed")
        #expect(lock.withLock { failure } == nil)
        return lock.withLock { answers }
    }
}

/// The explorer's locator as it was when the whole value crossed to the explorer (before the
/// value was asked for on demand), kept as the reference: from the node up to the decode root,
/// then down through the value, positions counted in the tree.
private struct WholeValueLocator {
    let tree: JSONTree
    let root: NodeID
    let value: DecodedValue
    let schema: Schema
    let keys: DecodeOptions.KeyStrategy

    struct Found {
        var value: DecodedValue
        var owner: TypeSchema?
        var property: PropertySchema?
    }

    func locate(_ node: NodeID) -> Found? {
        var chain: [NodeID] = []
        var n = node
        while n != root {
            chain.append(n)
            guard let p = tree.parent(n) else { return nil }
            n = p
        }
        var found = Found(value: value)
        for step in chain.reversed() {
            guard let next = child(of: found.value, for: step) else { return nil }
            found = next
        }
        return found
    }

    private func child(of value: DecodedValue, for node: NodeID) -> Found? {
        switch value {
        case .array(let items):
            let index = tree.indexInParent(node) ?? 0
            return items.indices.contains(index) ? Found(value: items[index]) : nil
        case .dictionary(let fields):
            guard let key = tree.key(node) else { return nil }
            return fields.first { $0.name == key }.map { Found(value: $0.value) }
        case .object(let typeName, let fields):
            guard let key = tree.key(node) else { return nil }
            let bare = typeName.split(separator: "<").first.map(String.init) ?? typeName
            let type = schema.types[bare] ?? schema.types.values.first { $0.name == bare || $0.qualifiedName.hasSuffix("." + bare) }
            let parent = tree.parent(node)
            let property = type?.decodedProperties.first { property in
                let wanted = property.codingKey?.stringValue ?? property.name
                return parent.flatMap { KeyMatching.member(of: $0, key: wanted, in: tree, keys: keys) } == node
            }
            guard property != nil || type == nil else { return nil }
            let name = property?.name ?? key
            return fields.first { $0.name == name }.map { Found(value: $0.value, owner: type, property: property) }
        case .enumCase(_, let values):
            guard let key = tree.key(node) else { return nil }
            return values.first { $0.name == key }.map { Found(value: $0.value) }
        default:
            return nil
        }
    }
}
