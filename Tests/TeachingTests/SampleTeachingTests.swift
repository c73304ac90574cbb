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
        let scenarios = try Taught.scenarios()
        #expect(scenarios.count == 19, "22 schema-mode scenarios (the hand-written ones are HandWrittenTourTests'), 3 of which decode")
        for entry in scenarios {
            let sample = entry.sample
            let teaching = entry.firstErrorTeaching
            #expect(teaching.lessons.count == sample.report.errors.count, "\(sample.name)")
            for (i, lesson) in teaching.lessons.enumerated() {
                #expect(!lesson.explanation.expected.isEmpty && !lesson.explanation.found.isEmpty, "\(sample.name)")
                #expect(!lesson.fixes.isEmpty, "\(sample.name): no verified fix for \(sample.report.errors[i].kind)")
                dump.append("== \(sample.name): \(sample.report.errors[i].kind) \(sample.report.errors[i].codingPath)")
                dump += lesson.explanation.lines.map { "   " + $0 }
                for fix in teaching.fixes(forError: i) {
                    dump.append("   fix: \(fix.title) — \(fix.verdict.text)")
                    dump.append("        \(fix.detail)")
                    if let s = fix.decoderSetting {
                        dump.append(s.swift.split(separator: "\n").map { "        | " + $0 }.joined(separator: "\n"))
                    }
                    if let c = fix.decodeCall {
                        dump.append(c.swift.split(separator: "\n").map { "        $ " + $0 }.joined(separator: "\n"))
                    }
                    for change in fix.changes {
                        dump.append(
                            change.diff.split(separator: "\n", omittingEmptySubsequences: false).map { "        " + $0 }.joined(
                                separator: "\n"))
                    }
                }
            }
        }
        if let path = ProcessInfo.processInfo.environment["TEACHING_DUMP"] {
            try dump.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}

extension SampleTeachingTests {
    @Test("all-errors mode and the detours: every error of every failing decode is explained and has a verified fix")
    func everyIndependentErrorToo() throws {
        var errors = 0, fixed = 0, redecoded = 0
        var missing: [String] = []
        var lines: [String] = []
        for entry in try Taught.entries.get() {
            let (sample, report, teaching) = (entry.sample, entry.allErrors, entry.teaching)
            for (i, lesson) in teaching.lessons.enumerated() {
                errors += 1
                #expect(!lesson.explanation.expected.isEmpty && !lesson.explanation.found.isEmpty)
                let fixes = teaching.fixes(forError: i)
                if fixes.isEmpty { missing.append("\(sample.name): \(report.errors[i].kind) \(report.errors[i].codingPath)") }
                if !fixes.isEmpty { fixed += 1 }
                if fixes.contains(where: { $0.verdict.method == .redecoded }) { redecoded += 1 }
                lines.append("== \(sample.name): \(report.errors[i].kind) \(report.errors[i].codingPath)")
                lines += fixes.map { "   \($0.title) — \($0.verdict.text)" }
            }
        }
        #expect(missing.isEmpty, "\(missing)")
        if let path = ProcessInfo.processInfo.environment["TEACHING_COVERAGE"] {
            try
                ("errors \(errors), with a verified fix \(fixed), with a fix verified by decoding again \(redecoded)\n"
                + lines.joined(separator: "\n"))
                .write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}
