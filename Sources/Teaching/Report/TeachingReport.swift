/// Explanations and verified fixes for the errors of one decode report.
///
/// `lessons` parallels the report's `errors`; a fix offered for several errors (one date
/// strategy for every date) is listed once in `fixes` and referred to by index.
public struct TeachingReport: Sendable, Hashable, Codable {
    public struct Lesson: Sendable, Hashable, Codable {
        public var explanation: Explanation
        /// Indices into ``TeachingReport/fixes``, best first.
        public var fixes: [Int]

        public init(explanation: Explanation, fixes: [Int]) {
            self.explanation = explanation
            self.fixes = fixes
        }
    }

    public var lessons: [Lesson]
    /// Every fix offered, each once, in the order first offered: `fix --apply N` takes the Nth (from 1).
    public var fixes: [Fix]
    /// The errors grouped by identity (same kind, property or key, type), in the order of their
    /// first error; every error is in exactly one group.
    public var groups: [ErrorGroup]
    /// Values that decoded but are almost surely not what the app meant (a decode that
    /// succeeded has them too); they never change the verdict.
    public var warnings: [DecodeWarning]
    /// Parallels the report's `caught` (compiled mode): what each leniency lost, and its ways out.
    public var caught: [CaughtLesson] = []

    public init(lessons: [Lesson], fixes: [Fix], groups: [ErrorGroup] = [], warnings: [DecodeWarning] = []) {
        self.lessons = lessons
        self.fixes = fixes
        self.groups = groups
        self.warnings = warnings
    }

    /// The fixes offered for the error at this index of the report, best first.
    public func fixes(forError index: Int) -> [Fix] {
        guard lessons.indices.contains(index) else { return [] }
        return lessons[index].fixes.map { fixes[$0] }
    }
}
