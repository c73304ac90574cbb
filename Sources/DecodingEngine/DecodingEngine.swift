import Foundation
import JSONTree
import ModelSchema

/// Decodes a model type from a payload with Foundation's own `JSONDecoder` and locates every error.
public struct DecodingEngine: Sendable {
    public let schema: Schema

    public init(schema: Schema) {
        self.schema = schema
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
        var report = run(type, payload: payload, tree: tree, path: path, options: options)
        report.parseError = parseError
        return report
    }

    /// Decodes `type` at a node of an already parsed payload.
    public func decode(
        _ type: TypeRef, payload: [UInt8], tree: JSONTree, at node: NodeID,
        options: DecodeOptions = DecodeOptions()
    ) -> DecodeReport {
        run(type, payload: payload, tree: tree, path: CodingPathResolver.components(to: node, in: tree), options: options)
    }

    private func run(
        _ type: TypeRef, payload: [UInt8], tree: JSONTree?, path: [PathComponent],
        options: DecodeOptions
    ) -> DecodeReport {
        // `JSONDecoder` reads the payload's own bytes, not a copy: it keeps nothing of its
        // input once `decode` returns (strings, numbers and `Data` values are made anew).
        payload.withUnsafeBytes { bytes in
            guard let start = bytes.baseAddress, !bytes.isEmpty else {
                return run(type, data: Data(), tree: tree, path: path, options: options)
            }
            let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: bytes.count, deallocator: .none)
            return run(type, data: data, tree: tree, path: path, options: options)
        }
    }

    private func run(
        _ type: TypeRef, data: Data, tree: JSONTree?, path: [PathComponent],
        options: DecodeOptions
    ) -> DecodeReport {
        let decoder = options.makeDecoder()
        let context = DecodingContext(
            schema: schema, options: options, tree: tree, rootType: type,
            plan: path.isEmpty ? .decode(type) : .walk(path, then: type))
        decoder.userInfo[DecodingContext.userInfoKey] = context
        var slot = TopLevelSlot(decoder: decoder, data: data)
        var report = DecodeReport(errors: [], value: nil)
        do {
            if path.isEmpty {
                let value = try decodeChild(type, in: &slot, context: context)
                context.markRead(tree?.root, as: type)
                report.value = value
            } else {
                report.value = try slot.decode(DynamicValue.self)?.value ?? .null
            }
            report.errors = context.errors
        } catch let error as DecodingError {
            report.errors = context.errors + [context.locate(error)]
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
        guard report.failure == nil else { return report }
        report.nodeStatus = context.nodeStatus
        report.missingKeys = context.missingKeys
        report.trace = context.trace
        return report
    }
}
