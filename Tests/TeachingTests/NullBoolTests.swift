import DecodingEngine
import Foundation
import TestSupport
import Testing

@testable import Teaching

/// A null for a non-optional Bool: Foundation calls it a typeMismatch ("Expected to decode
/// Bool but found null instead."), where every other type gets valueNotFound. It is a null all
/// the same: explained as one and fixed with the optional, held to swiftc and Foundation.
@Suite struct NullBoolTests {
    static func sample() throws -> Sample { try Sample(folder: Repository.fixtures.appendingPathComponent("null-bool")) }

    @Test func foundationReallyCallsItATypeMismatch() throws {
        let sample = try Self.sample()
        let report = sample.allErrorsReport()
        #expect(report.errors.map(\.kind) == [.typeMismatch, .typeMismatch])
        #expect(report.errors.map(\.debugDescription) == Array(repeating: "Expected to decode Bool but found null instead.", count: 2))
    }

    @Test func theNullIsExplainedAsANullAndTheOptionalIsOffered() throws {
        let sample = try Self.sample()
        let report = sample.allErrorsReport()
        let teaching = Teacher(context: sample.context).teach(report, baseline: report)
        #expect(teaching.lessons.count == 2)
        for lesson in teaching.lessons {
            let why = lesson.explanation.why ?? ""
            #expect(why.contains("null"), "\(why)")
            #expect(!why.contains("does not convert between JSON kinds"), "\(why)")
            #expect(lesson.explanation.found.contains("null"))
        }
        let titles = teaching.lessons.map { $0.fixes.map { teaching.fixes[$0].title } }
        #expect(titles[0].first == "Make `active` optional: `Bool?`", "\(titles)")
        #expect(titles[1].first == "Accept null inside `flags`: `[Bool?]`", "\(titles)")
    }

    /// Each offered fix, applied to the model and compiled with swiftc, does with Foundation's
    /// JSONDecoder what its verdict promised.
    @Test func theFixesHoldWithSwiftcAndFoundation() throws {
        let sample = try Self.sample()
        let report = sample.allErrorsReport()
        let teaching = Teacher(context: sample.context).teach(report, baseline: report)
        var cases: [FixHarness.Case] = []
        for (i, lesson) in teaching.lessons.enumerated() {
            for f in lesson.fixes where teaching.fixes[f].kind == .makeOptional {
                cases.append(.init(name: "null-bool fix \(cases.count)", sample: sample, fix: teaching.fixes[f], target: report.errors[i]))
            }
        }
        #expect(cases.count == 2)
        let lines = try FixHarness.run(cases)
        #expect(lines.count == cases.count, "\(lines)")
        for (c, line) in zip(cases, lines) {
            if c.fix.verdict.decodes {
                #expect(line == "\(c.name) ok", "\(c.fix.title): \(line)")
            } else {
                #expect(line.hasPrefix("\(c.name) error"), "\(c.fix.title): \(line)")
                #expect(line != "\(c.name) \(FixCompilationTests.harnessLine(c.target))", "\(c.fix.title): still the first error")
            }
        }
    }
}
