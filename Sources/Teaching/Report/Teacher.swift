import DecodingEngine
import JSONTree
import ModelSchema

/// Explains every error of a decode and finds its verified fixes.
///
/// Explaining reads only the tree and the schema. Finding fixes decodes the payload again
/// with Foundation (once for the baseline, once per candidate), so, like the decode itself,
/// it belongs in the worker process for untrusted payloads (see ``DecodeServer``).
///
/// Errors that are the same mistake (``ErrorGroup``) share their fixes: each candidate edit is
/// decoded once (``VerificationMemo``), and an error whose group already found its fixes keeps
/// those that the verification decodes show remove it too.
public struct Teacher: Sendable {
    public let context: TeachingContext
    let typed: NodeTypes

    /// `nodeTypes`: what a decode that read every node it could (one that succeeded, or an
    /// all-errors one) recorded at each node; without it, the all-errors baseline is decoded for them.
    public init(context: TeachingContext, nodeTypes: NodeTypes? = nil) {
        self.context = context
        typed = nodeTypes ?? context.nodeTypes
    }

    /// The explanation of each error of the report, in order. Decodes nothing.
    public func explanations(for report: DecodeReport) -> [Explanation] {
        let explainer = Explainer(context: context, typed: typed)
        return report.errors.map { explainer.explain($0, in: report) }
    }

    /// The report's errors grouped by identity (same kind, property or key, type).
    public func groups(for report: DecodeReport) -> [ErrorGroup] {
        ErrorGroup.groups(of: report.errors, typed: typed)
    }

    /// The values that decoded but are almost surely not what the app meant. Decodes nothing.
    public func warnings() -> [DecodeWarning] {
        PlausibilityCheck(context: context, typed: typed).warnings()
    }

    /// Explanations and verified fixes for each error of the report (a report of this decode,
    /// first-error or all-errors). `baseline` is the same decode in all-errors mode, if already
    /// made (an all-errors report is its own baseline); it is decoded here otherwise.
    public func teach(_ report: DecodeReport, baseline: DecodeReport? = nil, fixesPerError: Int = 4) -> TeachingReport {
        guard !report.errors.isEmpty else { return TeachingReport(lessons: [], fixes: [], warnings: warnings()) }
        let finder = FixFinder(context: context, typed: typed, baseline: baseline ?? context.baseline())
        let explanations = explanations(for: report)
        let groups = groups(for: report)
        var fixes: [Fix] = []
        var lessons: [TeachingReport.Lesson] = []
        // The fixes found for the first error of each group, which the others of the group share.
        var firstOfGroup: [Int: Int] = [:]
        for group in groups { for index in group.errors { firstOfGroup[index] = group.errors[0] } }
        var groupFixes: [Int: [Fix]] = [:]
        for (index, (error, explanation)) in zip(report.errors, explanations).enumerated() {
            var indices: [Int] = []
            let first = firstOfGroup[index] ?? index
            let found =
                groupFixes[first].flatMap { finder.fixes(for: error, likeOneWith: $0) }
                ?? finder.fixes(for: error, limit: fixesPerError)
            if first == index { groupFixes[index] = found }
            for fix in found { indices.append(fixes.number(of: fix)) }
            lessons.append(.init(explanation: explanation, fixes: indices))
        }
        return TeachingReport(lessons: lessons, fixes: fixes, groups: groups, warnings: warnings())
    }
}
