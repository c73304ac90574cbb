import Foundation
import JSONTree
import ModelSchema

/// Decodes a model type from a payload with Foundation's own `JSONDecoder` and locates every error.
public struct DecodingEngine: Sendable {
    public let schema: Schema
    /// When a large array is decoded in parts (``ArraySplitting``).
    public var splitting: ArraySplitting

    public init(schema: Schema, splitting: ArraySplitting = .standard) {
        self.schema = schema
        self.splitting = splitting
    }

    /// Parses the payload and decodes `type` at the key path (the root when empty).
    public func decode(
        _ type: TypeRef, payload: [UInt8], at path: [PathComponent] = [],
        options: DecodeOptions = DecodeOptions()
    ) -> DecodeReport {
        let tree: JSONTree?
        let parseError: JSONParseError?
        do {
            tree = try JSONTree.parse(payload, options: .init(json5: options.allowsJSON5, detectsDuplicateKeys: false))
            parseError = nil
        } catch {
            tree = nil
            parseError = error
        }
        var report = run(
            type, payload: payload, tree: tree, path: path, target: path.isEmpty ? tree?.root : nil, options: options,
            rendersJSON: false
        ).report
        report.parseError = parseError
        return report
    }

    /// Decodes `type` at a node of an already parsed payload.
    public func decode(
        _ type: TypeRef, payload: [UInt8], tree: JSONTree, at node: NodeID,
        options: DecodeOptions = DecodeOptions()
    ) -> DecodeReport {
        run(
            type, payload: payload, tree: tree, path: CodingPathResolver.components(to: node, in: tree), target: node,
            options: options, rendersJSON: false
        ).report
    }

    /// Decodes `type` at a node, and gives the value as its JSON (the `value` of
    /// check-output.md) instead of a `DecodedValue` (the report's `value` is nil). The elements
    /// of a split array are written as their parts are decoded, and never held as values.
    ///
    /// With `sink`, those elements are not kept either: each part's text (its elements joined
    /// by commas) is handed to it as soon as the part and those before it are decoded, in
    /// order, one call at a time from the decoding threads, and the text returned holds a
    /// placeholder in their place, which ``ValueJSON/init(text:splicing:)`` fills with them.
    /// What was handed over is void when the decode fails, or when the text returned has no
    /// placeholder (the parts could not stand in, and the whole payload was decoded again).
    public func decodeWithValueJSON(
        _ type: TypeRef, payload: [UInt8], tree: JSONTree, at node: NodeID, options: DecodeOptions = DecodeOptions(),
        handingElementsTo sink: (@Sendable ([UInt8]) -> Void)? = nil
    ) -> (report: DecodeReport, valueJSON: ValueJSON?) {
        let decoded = run(
            type, payload: payload, tree: tree, path: CodingPathResolver.components(to: node, in: tree), target: node,
            options: options, rendersJSON: true, elementsSink: sink)
        return (decoded.report, decoded.valueJSON)
    }

    /// Decodes with the large array under `target` (the node the path leads to, when known)
    /// in parts where ``splitting`` says so, and whole when the parts cannot stand in for it.
    private func run(
        _ type: TypeRef, payload: [UInt8], tree: JSONTree?, path: [PathComponent], target: NodeID?,
        options: DecodeOptions, rendersJSON: Bool, elementsSink: (@Sendable ([UInt8]) -> Void)? = nil
    ) -> Decoded {
        if let tree, let target,
            let decoded = decodeInParts(
                type, payload: payload, tree: tree, path: path, target: target, options: options, rendersJSON: rendersJSON,
                elementsSink: elementsSink)
        {
            return decoded
        }
        return run(type, payload: payload, tree: tree, path: path, options: options, split: nil, rendersJSON: rendersJSON)!
    }

    /// The decode with the large array under `target` in parts (``ArraySplit``); nil when it
    /// has none that ``splitting`` splits, or when the parts cannot stand in for it.
    func decodeInParts(
        _ type: TypeRef, payload: [UInt8], tree: JSONTree, path: [PathComponent], target: NodeID, options: DecodeOptions,
        rendersJSON: Bool = false, elementsSink: (@Sendable ([UInt8]) -> Void)? = nil
    ) -> Decoded? {
        guard !options.tracesCalls, let split = ArraySplit.choose(in: tree, payload: payload, under: target, policy: splitting)
        else { return nil }
        return run(
            type, payload: split.skeleton(of: payload, tree: tree), tree: tree, path: path, options: options, split: split,
            rendersJSON: rendersJSON, elementsSink: elementsSink)
    }

    /// The decode of `payload` (the payload's own bytes, or the skeleton of a split); nil when
    /// the split's parts cannot stand in for its array (a walk that does not lead there, or the
    /// array read otherwise than element by element).
    private func run(
        _ type: TypeRef, payload: [UInt8], tree: JSONTree?, path: [PathComponent], options: DecodeOptions,
        split: ArraySplit?, rendersJSON: Bool, elementsSink: (@Sendable ([UInt8]) -> Void)? = nil
    ) -> Decoded? {
        // `JSONDecoder` reads the payload's own bytes, not a copy: it keeps nothing of its
        // input once `decode` returns (strings, numbers and `Data` values are made anew).
        payload.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress, !bytes.isEmpty else {
                return run(type, data: Data(), tree: tree, path: path, options: options, split: split, rendersJSON: rendersJSON)
            }
            let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: bytes.count, deallocator: .none)
            return run(
                type, data: data, tree: tree, path: path, options: options, split: split, rendersJSON: rendersJSON,
                elementsSink: elementsSink)
        }
    }

    private func run(
        _ type: TypeRef, data: Data, tree: JSONTree?, path: [PathComponent], options: DecodeOptions,
        split: ArraySplit?, rendersJSON: Bool, elementsSink: (@Sendable ([UInt8]) -> Void)? = nil
    ) -> Decoded? {
        let decoder = options.makeDecoder()
        let context = DecodingContext(
            schema: schema, options: options, tree: tree, rootType: type,
            plan: path.isEmpty ? .decode(type) : .walk(path, then: type), split: split)
        context.rendersSplitJSON = rendersJSON
        if rendersJSON, split != nil { context.elementsSink = elementsSink }
        decoder.userInfo[DecodingContext.userInfoKey] = context
        var slot = TopLevelSlot(decoder: decoder, data: data)
        var report = DecodeReport(errors: [], value: nil)
        do {
            if path.isEmpty {
                if let root = tree?.root, let types = context.types {
                    types.note(root, types.intern(.init(declared: type, property: nil, owner: nil, steps: [])))
                }
                let value = try decodeChild(type, in: &slot, context: context)
                context.markRead(tree?.root, as: type)
                report.value = value
            } else {
                report.value = try slot.decode(DynamicValue.self)?.value ?? .null
            }
            report.errors = context.errors
        } catch let error as DecodingError {
            report.errors = context.errors + [context.locate(error)]
        } catch EngineFailure.failedInPart(let located) {
            report.errors = context.errors + [located]
        } catch EngineFailure.splitAbandoned {
            return nil
        } catch EngineFailure.notDecodable(let name) {
            // Name the construct and where it is, when the schema knows why it has no decoding.
            if let why = schema.types[name]?.issues.first(where: { $0.severity != .warning }) {
                report.failure = .typeNotInterpretable(type: name, reason: "\(why.location): \(why.message)")
            } else {
                report.failure = .typeNotDecodable(name)
            }
        } catch EngineFailure.pathMismatch(let step) {
            report.failure = .pathDoesNotMatchPayload(step)
        } catch {
            report.failure = EngineError.unexpected(String(describing: error))
        }
        #if DEBUG
        if let problem = context.inconsistency { report.failure = EngineError.unexpected(problem) }
        #endif
        // The skeleton's empty array read otherwise than element by element (as a real `[Int]`,
        // or as the wrong kind): only the whole payload says what that read gives.
        if let split, !context.servedSplit, context.statusCode(of: split.node) != 0 { return nil }
        var valueJSON: ValueJSON?
        if rendersJSON {
            // The value as JSON, for a value that decoded; never the value itself, which may
            // hold the placeholder of a split array's elements.
            if report.ok, let value = report.value {
                valueJSON = ValueJSON(value, splicing: context.splitJSON, capacity: data.count + 64)
            }
            report.value = nil
        }
        // The types of the nodes read before an engine failure (a type the schema cannot decode)
        // are still what the decode read: compiled mode's fixes for the synthesized types use them.
        if let types = context.types { report.nodeTypes = types.table }
        guard report.failure == nil else { return Decoded(report: report, valueJSON: valueJSON) }
        report.nodeStatus = context.nodeStatus
        report.missingKeys = context.missingKeys
        report.trace = context.trace
        return Decoded(report: report, valueJSON: valueJSON)
    }
}

/// A decode's report, and its value's JSON when it was asked for as JSON.
struct Decoded {
    var report: DecodeReport
    var valueJSON: ValueJSON?
}
