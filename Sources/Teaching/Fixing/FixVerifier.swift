import DecodingEngine
import JSONTree
import ModelSchema

/// Checks candidates against the baseline (the decode with every error reported) and turns the
/// ones that remove their error, and bring no new one, into fixes.
struct FixVerifier {
    let context: TeachingContext
    let baseline: DecodeReport

    func verify(_ candidate: FixCandidate, for target: LocatedDecodingError) -> Fix? {
        guard let changes = changes(of: candidate) else { return nil }
        let verdict: Verdict?
        var after: [LocatedDecodingError]?
        switch candidate.check {
        case .redecode(let type, let node):
            let wholeDecode = node == nil || node == context.rootNode
            var probed: DecodeReport?
            if wholeDecode {
                // The edited decode up to its first error: it may already rule the candidate out,
                // and when it has no error at all, it is the whole answer.
                guard let first = firstError(changes, options: candidate.options, type: type) else { return nil }
                if let error = first.errors.first {
                    let identity = ErrorIdentity(error)
                    if identity == ErrorIdentity(target) || !baselineIdentities.contains(identity) { return nil }
                } else {
                    probed = first
                }
            }
            guard let report = probed ?? redecode(changes, options: candidate.options, type: type, node: node) else { return nil }
            if wholeDecode {
                verdict = compare(target: target, after: report.errors, method: .redecoded)
                after = report.errors
            } else {
                verdict = report.errors.isEmpty ? .decodes(.redecoded) : .removesError(remaining: report.errors.count, .redecoded)
            }
        case .valueByValue(let absorbs, let newErrors):
            guard absorbs(target), newErrors == 0 else { return nil }
            let remaining = baseline.errors.filter { !absorbs($0) }
            verdict = compare(target: target, after: remaining, method: .valueByValue)
            after = remaining
        }
        guard let verdict else { return nil }
        // The cost is measured on the errors the fix was seen to remove: the values it lets
        // through, the elements it drops.
        let left = after.map { Set($0.map(ErrorIdentity.init)) }
        let removed = left.map { left in baseline.errors.filter { !left.contains(ErrorIdentity($0)) } } ?? [target]
        let fix = Fix(
            kind: candidate.kind, title: candidate.title, detail: candidate.detail, changes: changes,
            decoderSetting: candidate.decoderSetting, decodeCall: candidate.decodeCall, verdict: verdict,
            cost: candidate.cost(removed))
        if let left {
            context.verifications.note(fix, removes: baselineIdentities.subtracting(left))
        }
        return fix
    }

    /// The target is gone and every error left was there before.
    func compare(target: LocatedDecodingError, after: [LocatedDecodingError], method: Verdict.Method) -> Verdict? {
        let before = baselineIdentities
        let remaining = after.map(ErrorIdentity.init)
        guard !remaining.contains(ErrorIdentity(target)), remaining.allSatisfy(before.contains) else { return nil }
        let removed = before.subtracting(remaining).count
        return remaining.isEmpty ? .decodes(method) : .removesError(remaining: remaining.count, method, removed: removed)
    }

    /// The edited files, whole; nil when an edit cannot be made.
    func changes(of candidate: FixCandidate) -> [FileChange]? {
        var result: [FileChange] = []
        for fileEdits in candidate.edits where !fileEdits.edits.isEmpty {
            guard let source = context.schema.sources.first(where: { $0.path == fileEdits.path }) else { return nil }
            result.append(FileChange(path: source.path, original: source.text, edited: TextEdit.apply(fileEdits.edits, to: source.text)))
        }
        return result
    }

    /// Parses the edited model and decodes again with every error reported; nil when the edited
    /// model does not compile or the engine cannot decode it.
    func redecode(_ changes: [FileChange], options: DecodeOptions?, type: TypeRef?, node: NodeID?) -> DecodeReport? {
        context.verifications.report(for: .init(changes: changes, options: options, type: type, node: node)) {
            decode(changes, options: options, type: type, node: node, allErrors: true)
        }
    }

    /// The edited decode of the whole root, stopped at its first error; nil when the edited
    /// model does not compile or the engine cannot decode it. Every error of a first-error
    /// decode is among the all-errors decode's, so a first error that is the target, or one the
    /// baseline did not have, rules the candidate out as `compare` would, without locating the
    /// thousands of errors a candidate that keeps the target brings back (60,000 records with the
    /// same bad field: 5 s of `check` went into decoding `Int?` and its kin whole).
    private func firstError(_ changes: [FileChange], options: DecodeOptions?, type: TypeRef?) -> DecodeReport? {
        context.verifications.report(for: .init(changes: changes, options: options, type: type, node: nil, firstErrorOnly: true)) {
            decode(changes, options: options, type: type, node: nil, allErrors: false)
        }
    }

    private var baselineIdentities: Set<ErrorIdentity> { context.verifications.identities(of: baseline) }

    /// The model with the changes applied; nil when it does not compile.
    private func editedSchema(_ changes: [FileChange]) -> Schema? {
        if changes.isEmpty { return context.schema }
        let sources = context.schema.sources.map { source in
            changes.first { $0.path == source.path }.map { ModelSource(path: source.path, text: $0.edited) } ?? source
        }
        let schema = Schema(sources: sources)
        return schema.hasErrors ? nil : schema
    }

    /// The payload decoded with the changes applied (untraced); nil when the edited model does not
    /// compile or the engine could not decode at all.
    private func decode(_ changes: [FileChange], options: DecodeOptions?, type: TypeRef?, node: NodeID?, allErrors: Bool) -> DecodeReport? {
        guard let schema = editedSchema(changes) else { return nil }
        var decodeOptions = options ?? context.options
        decodeOptions.allErrors = allErrors
        decodeOptions.tracesCalls = false
        let report = DecodingEngine(schema: schema).decode(
            type ?? context.rootType, payload: context.payload, tree: context.tree,
            at: node ?? context.rootNode, options: decodeOptions)
        return report.failure == nil ? report : nil
    }
}
