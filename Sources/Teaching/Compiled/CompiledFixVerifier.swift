import DecodingEngine
import Foundation
import JSONTree
import ModelSchema

/// Verifies a compiled-mode fix the only way that is true for code: the edited model files are
/// compiled with swiftc (a runner of their own) and the payload is decoded again by the edited code
/// and Foundation's `JSONDecoder`, at the same node, with the same decoder.
///
/// The edited files keep the user's paths: the runner is keyed by paths and text, so checking the
/// same fix again finds its runner, and its build shares the model's incremental folder (keyed by
/// the paths, ``IncrementalBuild``), where swiftc compiles only the edited file and what depends on
/// it, then links. Nothing is written beside the user's files: swiftc compiles private copies of the
/// text in that folder (``RunnerCache/swiftNamed(_:in:)``).
struct CompiledFixVerifier {
    let schema: Schema
    let request: CompiledRequest
    let tree: JSONTree
    let node: NodeID
    let target: LocatedDecodingError

    /// The verdict, or nil when the edit does not compile, does not remove the error, or the
    /// runner cannot decode.
    /// `options`: the decode's strategies when the fix changes them (a date strategy), else the job's.
    func verify(_ changes: [FileChange], options: DecodeOptions? = nil) -> Verdict? {
        guard let report = redecode(changes, options: options) else { return nil }
        if report.errors.isEmpty { return .decodes(.compiled) }
        let before = ErrorIdentity(target)
        guard !report.errors.contains(where: { ErrorIdentity($0) == before }) else { return nil }
        // First-error mode shows one error at a time: the next one must be one the old error hid (later in
        // the payload, or inside the node it was about), not one the edit made where the payload decoded.
        if let targetNode = target.node, let next = report.errors.first?.node, next < targetNode,
            !(next..<tree.subtreeEnd(next)).contains(targetNode)
        {
            return nil
        }
        return .removesError(remaining: report.errors.count, .compiled)
    }

    /// The payload decoded again by the edited model, first error only, with what its code caught;
    /// nil when the edit does not compile or the runner cannot decode.
    func redecode(_ changes: [FileChange], options: DecodeOptions? = nil) -> DecodeReport? {
        var decoder: CompiledDecoder
        if let package = request.models.package {
            // The package's own build stands; the edited target is compiled beside it from the edit.
            decoder = CompiledDecoder(
                models: schema.sources, typeExpressions: [request.typeExpression], decoderExpression: request.models.decoderExpression)
            decoder.package = package
            decoder.packageOverlay = edited(changes)
        } else {
            decoder = CompiledDecoder(
                models: edited(changes), typeExpressions: [request.typeExpression], decoderExpression: request.models.decoderExpression)
        }
        decoder.compile(as: request.models)
        do { _ = try decoder.prepare() } catch { return nil }
        var options = options ?? request.options
        options.allErrors = false
        options.tracesCalls = false
        return try? decoder.decode(
            request.typeExpression, payloadPath: request.payloadPath, tree: tree, at: node, options: options, wantsValue: false)
    }

    /// The model files as the fix edits them, at their own paths.
    func edited(_ changes: [FileChange]) -> [ModelSource] {
        schema.sources.map { source in
            changes.first { $0.path == source.path }.map { ModelSource(path: source.path, text: $0.edited) } ?? source
        }
    }
}
