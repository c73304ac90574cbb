import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import TestSupport

@testable import DecodeWorker
@testable import ExplorerUI
@testable import Teaching

/// Decodes in the test process, at once: the real engine, without a worker.
final class InProcessDecodeService: DecodeService, @unchecked Sendable {
    let payload: [UInt8]
    private(set) var requests: [DecodeRequest] = []
    private(set) var cancellations = 0
    /// The last decode's value, held here as the worker holds it, and its request id.
    private var held: (id: Int, locator: DecodedValueLocator?)?

    init(payload: [UInt8]) {
        self.payload = payload
    }

    func start(
        _ request: DecodeRequest, completion: @escaping @Sendable (DecodeOutcome) -> Void,
        lessons: @escaping @Sendable (TeachingReport?) -> Void
    ) {
        requests.append(request)
        let outcome = Self.decode(request, payload: payload)
        held = (request.id, Self.locator(request, outcome: outcome, payload: payload))
        // The verdict crosses without its value, as from the worker: the value view asks for it.
        if case .finished(var report) = outcome {
            report.value = nil
            // The node types stay with the value, as in the worker, but a traced decode's.
            if !request.options.tracesCalls { report.nodeTypes = NodeTypes() }
            completion(.finished(report))
        } else {
            completion(outcome)
        }
        lessons(Self.teach(request, outcome: outcome, payload: payload))
    }

    /// Explanations and verified fixes, in process (the tests' payloads do not trap Foundation);
    /// for a decode that succeeded, its "decodes, but" warnings, as the worker sends them.
    static func teach(_ request: DecodeRequest, outcome: DecodeOutcome, payload: [UInt8]) -> TeachingReport? {
        guard case .finished(let report) = outcome,
            let schema = try? Schema.load(paths: request.models.paths), let type = try? schema.resolve(request.typeExpression),
            let tree = try? JSONTree.parse(payload, options: .init(json5: request.options.allowsJSON5, detectsDuplicateKeys: false))
        else { return nil }
        let context = TeachingContext(
            schema: schema, payload: payload, tree: tree, rootType: type, rootNode: request.node,
            options: request.options, typeExpression: request.typeExpression)
        return Teacher(context: context).teach(report)
    }

    func cancel() { cancellations += 1 }

    /// Answers as the worker does, with the same locator, from the value held here.
    func value(_ query: ValueQuery, ofDecode requestID: Int, answer: @escaping @Sendable (ValueQuery.Answer) -> Void) {
        guard let held, held.id == requestID else { return answer(.unavailable("a newer decode replaced this one")) }
        answer(held.locator?.answer(query) ?? .notDecoded)
    }

    /// What the worker would hold after this decode: its value on the tree, from the decode root.
    static func locator(_ request: DecodeRequest, outcome: DecodeOutcome, payload: [UInt8]) -> DecodedValueLocator? {
        guard case .finished(let report) = outcome, let value = report.value,
            let tree = try? JSONTree.parse(payload, options: .init(json5: request.options.allowsJSON5, detectsDuplicateKeys: false))
        else { return nil }
        return DecodedValueLocator(
            tree: tree, root: request.node, value: value, schema: try? Schema.load(paths: request.models.paths),
            types: report.nodeTypes, keys: request.options.keys)
    }

    static func decode(_ request: DecodeRequest, payload: [UInt8]) -> DecodeOutcome {
        // The worker's value view asks which property read each node: the engine records it.
        var request = request
        request.options.recordsNodeTypes = true
        let schema: Schema
        do { schema = try Schema.load(paths: request.models.paths) } catch { return .failed(error.description) }
        let type: TypeRef
        do { type = try schema.resolve(request.typeExpression) } catch { return .failed(error.description) }
        guard let tree = try? JSONTree.parse(payload, options: .init(json5: request.options.allowsJSON5, detectsDuplicateKeys: false))
        else {
            return .finished(DecodingEngine(schema: schema).decode(type, payload: payload, options: request.options))
        }
        return .finished(
            DecodingEngine(schema: schema).decode(type, payload: payload, tree: tree, at: request.node, options: request.options))
    }
}

/// A service that holds on to requests until the test completes them.
final class HeldDecodeService: DecodeService, @unchecked Sendable {
    private(set) var pending: [(DecodeRequest, @Sendable (DecodeOutcome) -> Void)] = []
    private(set) var cancellations = 0
    /// Value queries held, with the decode asked and the answer to call.
    private(set) var valueQueries: [(ValueQuery, decode: Int, answer: @Sendable (ValueQuery.Answer) -> Void)] = []

    func start(
        _ request: DecodeRequest, completion: @escaping @Sendable (DecodeOutcome) -> Void,
        lessons: @escaping @Sendable (TeachingReport?) -> Void
    ) {
        pending.append((request, completion))
    }

    func cancel() { cancellations += 1 }

    func value(_ query: ValueQuery, ofDecode requestID: Int, answer: @escaping @Sendable (ValueQuery.Answer) -> Void) {
        valueQueries.append((query, requestID, answer))
    }
}

/// The bundled scenarios, from the package root.
enum Samples {
    static let folder = Repository.samplePayloads

    static func payload(_ scenario: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: folder.appendingPathComponent("\(scenario)/payload.json")))) ?? []
    }

    static func model(_ scenario: String) -> String { folder.appendingPathComponent("\(scenario)/Models.swift").path }
}
