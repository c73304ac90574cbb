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
            guard let report = redecode(changes, options: candidate.options, type: type, node: node) else { return nil }
            if node == nil || node == context.rootNode {
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
        let fix = Fix(kind: candidate.kind, title: candidate.title, detail: candidate.detail, changes: changes,
                      decoderSetting: candidate.decoderSetting, decodeCall: candidate.decodeCall, verdict: verdict)
        if let after {
            let left = Set(after.map(ErrorIdentity.init))
            context.verifications.note(fix, removes: Set(baseline.errors.map(ErrorIdentity.init)).subtracting(left))
        }
        return fix
    }

    /// The target is gone and every error left was there before.
    func compare(target: LocatedDecodingError, after: [LocatedDecodingError], method: Verdict.Method) -> Verdict? {
        let before = Set(baseline.errors.map(ErrorIdentity.init))
        let remaining = after.map(ErrorIdentity.init)
        guard !remaining.contains(ErrorIdentity(target)), remaining.allSatisfy(before.contains) else { return nil }
        return remaining.isEmpty ? .decodes(method) : .removesError(remaining: remaining.count, method)
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
            decodeAgain(changes, options: options, type: type, node: node)
        }
    }

    private func decodeAgain(_ changes: [FileChange], options: DecodeOptions?, type: TypeRef?, node: NodeID?) -> DecodeReport? {
        let sources = context.schema.sources.map { source in
            changes.first { $0.path == source.path }.map { ModelSource(path: source.path, text: $0.edited) } ?? source
        }
        let schema = changes.isEmpty ? context.schema : Schema(sources: sources)
        guard !schema.hasErrors else { return nil }
        var decodeOptions = options ?? context.options
        decodeOptions.allErrors = true
        decodeOptions.tracesCalls = false
        let report = DecodingEngine(schema: schema).decode(type ?? context.rootType, payload: context.payload, tree: context.tree,
                                                           at: node ?? context.rootNode, options: decodeOptions)
        return report.failure == nil ? report : nil
    }
}
