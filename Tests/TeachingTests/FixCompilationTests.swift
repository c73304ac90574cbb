import DecodingEngine
import Foundation
import TestSupport
import Testing

@testable import Teaching

/// The fixes hold up outside the explorer: every fix offered for the samples, applied to the
/// sample's Models.swift (helper types included), compiles with `swiftc`, and Foundation's own
/// JSONDecoder then gives the verdict the fix promised.
@Suite("Fixes compiled and decoded by Foundation")
struct FixCompilationTests {
    static func cases() throws -> [FixHarness.Case] {
        var cases: [FixHarness.Case] = []
        for entry in try Taught.entries.get() {
            let (sample, report, teaching) = (entry.sample, entry.allErrors, entry.teaching)
            for (i, lesson) in teaching.lessons.enumerated() {
                for f in lesson.fixes where !cases.contains(where: { $0.sample.name == sample.name && $0.fix == teaching.fixes[f] }) {
                    cases.append(
                        .init(name: "\(sample.name) fix \(cases.count)", sample: sample, fix: teaching.fixes[f], target: report.errors[i]))
                }
            }
        }
        return cases
    }

    static func harnessLine(_ error: LocatedDecodingError) -> String {
        "error \(error.kind.rawValue) "
            + error.codingPath.map { c in
                switch c {
                case .key(let k): "." + k
                case .index(let i): "[\(i)]"
                }
            }.joined() + (error.key.map { " " + $0 } ?? "")
    }

    @Test("every fix compiles; a fix that decodes decodes, one that removes its error no longer throws it first")
    func fixesHoldWithFoundation() throws {
        let cases = try Self.cases()
        #expect(cases.count >= 30)
        #expect(Set(cases.map(\.fix.kind)).count >= 10, "the samples exercise most of the catalogue")
        let lines = try FixHarness.run(cases)
        #expect(lines.count == cases.count, "\(lines)")
        for (c, line) in zip(cases, lines) {
            let label = "\(c.name): \(c.fix.title) (\(c.fix.verdict.text))"
            if c.fix.verdict.decodes {
                #expect(line == "\(c.name) ok", "\(label): \(line)")
            } else {
                #expect(line.hasPrefix("\(c.name) error"), "\(label): \(line)")
                #expect(line != "\(c.name) \(Self.harnessLine(c.target))", "\(label): the target error is still thrown first")
            }
        }
    }
}

extension FixCompilationTests {
    @Test("a fixed Models.swift with its helper types compiles on its own, in the Swift 6 language mode")
    func fixedFilesCompileAlone() throws {
        let wanted: [(sample: String, kind: Fix.Kind)] = [
            ("17-numbers-as-strings", .losslessValue), ("14-empty-object-optional", .emptyAsNil), ("18-bad-array-elements", .lossyArray),
            ("15-raw-value-enum", .unknownCase), ("19-polymorphic-array", .typeFieldEnum),
        ]
        let entries = try Taught.scenarios()
        for (sample, kind) in wanted {
            let entry = try #require(entries.first { $0.sample.name == sample })
            let fix = try #require(entry.teaching.fixes.first { $0.kind == kind }, "\(sample) offers no \(kind) fix")
            let text = try #require(fix.changes.first?.edited)
            let folder = try Swiftc.folder(["Models.swift": text])
            defer { try? FileManager.default.removeItem(at: folder) }
            let result = try Swiftc.execute(
                "/usr/bin/nice", ["-n", "19", Swiftc.path, "-typecheck", "-swift-version", "6", "Models.swift"], in: folder,
                environment: ["TMPDIR": folder.path])
            #expect(result.status == 0, "\(sample) with \(kind): \(result.output)")
        }
    }
}
