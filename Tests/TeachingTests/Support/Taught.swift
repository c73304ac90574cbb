import DecodingEngine
import Foundation

@testable import Teaching

/// The failing samples (and detours), decoded and taught once per test run: the 2 MB scenario
/// takes seconds to decode in a debug build, and several suites need it.
enum Taught {
    struct Entry: Sendable {
        let sample: Sample
        /// Every independent error: the baseline fixes are measured against.
        let allErrors: DecodeReport
        /// A lesson for each error of `allErrors`.
        let teaching: TeachingReport
        /// A lesson for the one error `check` reports (first-error mode).
        let firstErrorTeaching: TeachingReport
    }

    static let entries: Result<[Entry], any Error> = Result {
        try (Sample.all() + Sample.detours()).filter { !$0.report.ok }.map { sample in
            let all = sample.allErrorsReport()
            let teacher = Teacher(context: sample.context)
            return Entry(
                sample: sample, allErrors: all, teaching: teacher.teach(all, baseline: all),
                firstErrorTeaching: teacher.teach(sample.report, baseline: all))
        }
    }

    /// The scenarios only (no detours).
    static func scenarios() throws -> [Entry] {
        let detours = Set(try Sample.detours().map(\.name))
        return try entries.get().filter { !detours.contains($0.sample.name) }
    }
}
