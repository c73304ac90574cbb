import DecodingEngine
import Foundation
import JSONTree
import ModelSchema

/// Teaches the errors the model's own code caught (compiled mode): for each, the leniency that caught
/// it, what this payload lost to it, counted from the ledger and the payload, and (`withFixes`) the
/// strict edit and the lenient one, each compiled and decoded again (``CompiledFixVerifier``).
///
/// The strict edit is offered only when the edited model then throws exactly the error Foundation
/// threw and the code caught (same kind, codingPath and debugDescription): the loud failure the
/// leniency hid. The lenient edit only when the payload decodes as before and this error is no
/// longer caught with its value lost.
public struct CaughtTeacher {
    let schema: Schema
    let request: CompiledRequest
    let tree: JSONTree
    let node: NodeID

    public init(schema: Schema, request: CompiledRequest, tree: JSONTree, node: NodeID) {
        self.schema = schema
        self.request = request
        self.tree = tree
        self.node = node
    }

    /// One lesson per caught error of `report`, in its order.
    public func teach(_ report: DecodeReport, withFixes: Bool) -> [CaughtLesson] {
        var verified: [String: CaughtFix?] = [:]
        // Each array's dropped elements, counted once (a lossy array of thousands drops thousands).
        var dropped: [NodeID: Set<NodeID>] = [:]
        for caught in report.caught where caught.outcome == .elementDropped {
            if let element = element(of: caught), let array = tree.parent(element) { dropped[array, default: []].insert(element) }
        }
        return report.caught.map { caught in
            var lesson = CaughtLesson(leniency: leniency(caught), lost: lost(caught, dropped: dropped))
            guard withFixes else { return lesson }
            let edit = CaughtEdit(schema: schema, caught: caught)
            switch edit.strict() {
            case .success(let change):
                if let file = edit.fileChange(change) {
                    // The same edit for several errors (two elements one wrapper dropped): verified once,
                    // against the first of them, which the strict model throws.
                    let fix = verified[file.edited] ?? verifyStrict(file, change, caught: caught)
                    verified[file.edited] = fix
                    lesson.strict = fix
                    if fix == nil { lesson.strictNote = "the strict edit (\(change.title)) did not make the model throw this error" }
                }
            case .failure(let why):
                lesson.strictNote = why.text
            }
            if caught.losesData, let node = caught.error.node,
                let change = edit.lenient(payloadConverts: { LosslessSemantics.accepts(node, in: tree, as: $0) }),
                let file = edit.fileChange(change, helper: true)
            {
                lesson.lenient = verifyLenient(file, change, caught: caught, decodedBefore: report.ok)
            }
            return lesson
        }
    }

    private func verifier(_ caught: CaughtError) -> CompiledFixVerifier {
        CompiledFixVerifier(schema: schema, request: request, tree: tree, node: node, target: caught.error)
    }

    /// The strict model's first error must be the caught one, as Foundation threw it.
    private func verifyStrict(_ file: FileChange, _ change: CaughtEdit.LineChange, caught: CaughtError) -> CaughtFix? {
        guard let report = verifier(caught).redecode([file]), let thrown = report.errors.first,
            thrown.kind == caught.error.kind, thrown.codingPath == caught.error.codingPath,
            thrown.debugDescription == caught.error.debugDescription
        else { return nil }
        return CaughtFix(
            kind: .strict, title: change.title, detail: change.detail, changes: [file],
            verdict: .throwsCaughtError(heading: thrown.heading, debugDescription: thrown.debugDescription))
    }

    /// The edited model must decode as before, without this error caught and its value lost.
    private func verifyLenient(_ file: FileChange, _ change: CaughtEdit.LineChange, caught: CaughtError, decodedBefore: Bool) -> CaughtFix?
    {
        guard let report = verifier(caught).redecode([file]), report.ok == decodedBefore else { return nil }
        let same = { (other: CaughtError) in
            other.losesData && other.error.kind == caught.error.kind && other.error.codingPath == caught.error.codingPath
        }
        guard !report.caught.contains(where: same) else { return nil }
        return CaughtFix(
            kind: .keepsValue, title: change.title, detail: change.detail, changes: [file], verdict: .keepsValue(decodes: report.ok))
    }

    /// The leniency that caught the error, in words.
    func leniency(_ caught: CaughtError) -> String {
        if let wrapper = caught.wrapper {
            return switch caught.outcome {
            case .elementDropped: "the @\(wrapper) wrapper leaves out each element whose decode throws"
            case .readAnotherWay: "the @\(wrapper) wrapper tries the value as its type, then reads it another way"
            default: "the @\(wrapper) wrapper turns a value that does not decode into its default"
            }
        }
        return switch caught.outcome {
        case .defaulted: "`try?` turns the error into nil, and `?? \(caught.defaultText ?? "…")` into a default"
        case .nil: "`try?` turns the error into nil"
        case .elementDropped: "the code leaves out each element whose decode throws"
        case .readAnotherWay: "the code tries the value as one type, then reads it as another"
        case .other: "the code catches the error (a catch block, a helper returning Result) and chooses the value"
        }
    }

    /// What the payload lost: `1 of 3 elements dropped from items`, `a string, "yes" became the
    /// default false`, `nothing: …` for a probe.
    func lost(_ caught: CaughtError, dropped: [NodeID: Set<NodeID>]) -> String {
        guard let node = caught.error.node else { return caught.losesData ? "the value at \(caught.error.heading)" : "nothing" }
        let sent =
            caught.error.kind == .keyNotFound
            ? "the key \"\(caught.error.key ?? "")\", missing," : ValueSummary(tree: tree, node: node).phrase
        switch caught.outcome {
        case .elementDropped:
            guard let element = element(of: caught), let array = tree.parent(element) else { return "1 element dropped" }
            let path = NodePath(of: array, in: tree).description
            return "\(dropped[array]?.count ?? 1) of \(tree.childCount(array)) elements dropped from \(path)"
        case .defaulted: return "\(sent) became the default \(caught.defaultText ?? "value")"
        case .nil: return "\(sent) became nil"
        case .other: return "\(sent) was replaced by the value the code chose"
        case .readAnotherWay: return "nothing: \(sent) was read another way and kept"
        }
    }

    /// The array element a dropped error is inside: the ancestor (or the node) whose parent is an
    /// array, the one under the catcher's key when several are.
    func element(of caught: CaughtError) -> NodeID? {
        guard var current = caught.error.node else { return nil }
        var found: NodeID?
        while let parent = tree.parent(current) {
            if tree.kind(parent) == .array {
                if found == nil { found = current }
                if let key = caught.catcherKey, tree.key(parent) == key { return current }
            }
            current = parent
        }
        return found
    }
}
