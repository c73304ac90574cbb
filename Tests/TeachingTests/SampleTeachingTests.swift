import DecodingEngine
import Foundation
import Testing
@testable import Teaching

/// The guided tour, taught: every scenario that fails gets an explanation and a verified fix.
@Suite("Teaching the SamplePayloads scenarios")
struct SampleTeachingTests {
    @Test("every failing scenario: each error is explained, and at least one fix is verified")
    func everyErrorHasAnExplanationAndAVerifiedFix() throws {
        var dump: [String] = []
        for sample in try Sample.all() where !sample.report.ok {
            let teaching = Teacher(context: sample.context).teach(sample.report)
            #expect(teaching.lessons.count == sample.report.errors.count, "\(sample.name)")
            for (i, lesson) in teaching.lessons.enumerated() {
                #expect(!lesson.explanation.expected.isEmpty && !lesson.explanation.found.isEmpty, "\(sample.name)")
                #expect(!lesson.fixes.isEmpty, "\(sample.name): no verified fix for \(sample.report.errors[i].kind)")
                dump.append("== \(sample.name): \(sample.report.errors[i].kind) \(sample.report.errors[i].codingPath)")
                dump += lesson.explanation.lines.map { "   " + $0 }
                for fix in teaching.fixes(forError: i) {
                    dump.append("   fix: \(fix.title) — \(fix.verdict.text)")
                    dump.append("        \(fix.detail)")
                    if let s = fix.decoderSetting { dump.append(s.swift.split(separator: "\n").map { "        | " + $0 }.joined(separator: "\n")) }
                    if let c = fix.decodeCall { dump.append(c.swift.split(separator: "\n").map { "        $ " + $0 }.joined(separator: "\n")) }
                    for change in fix.changes { dump.append(change.diff.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }.joined(separator: "\n")) }
                }
            }
        }
        if let path = ProcessInfo.processInfo.environment["TEACHING_DUMP"] {
            try dump.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
