import Foundation
import TestSupport
import Testing

@testable import Teaching

/// The diffs fixes show: what `diff -u` prints, and what `patch` applies.
@Suite("Unified diff")
struct UnifiedDiffTests {
    @Test("one changed line, with context")
    func oneLine() {
        let diff = UnifiedDiff(old: "a\nb\nc\n", new: "a\nB\nc\n", path: "Models.swift", context: 1).text
        #expect(diff == "--- Models.swift\n+++ Models.swift\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n")
    }

    @Test("equal texts give no diff")
    func equal() {
        #expect(UnifiedDiff(old: "x\n", new: "x\n", path: "M.swift").text.isEmpty)
    }

    @Test("a last line without a line break is marked, and adding one is a change")
    func noNewlineAtEnd() {
        let diff = UnifiedDiff(old: "a\nb", new: "a\nb\nc\n", path: "M.swift").text
        #expect(diff == "--- M.swift\n+++ M.swift\n@@ -1,2 +1,3 @@\n a\n-b\n\\ No newline at end of file\n+b\n+c\n")
    }

    @Test("changes far apart make two hunks; close ones share one")
    func hunks() {
        let old = (1...20).map { "line \($0)" }.joined(separator: "\n") + "\n"
        var lines = old.split(separator: "\n").map(String.init)
        lines[1] = "changed 2"
        lines[17] = "changed 18"
        let far = UnifiedDiff(old: old, new: lines.joined(separator: "\n") + "\n", path: "M.swift").text
        #expect(far.components(separatedBy: "\n@@ ").count == 3)
        #expect(far.contains("@@ -1,5 +1,5 @@") && far.contains("@@ -15,6 +15,6 @@"))
        lines[17] = "line 18"
        lines[7] = "changed 8"
        let near = UnifiedDiff(old: old, new: lines.joined(separator: "\n") + "\n", path: "M.swift").text
        #expect(near.components(separatedBy: "\n@@ ").count == 2)
        #expect(near.contains("@@ -1,11 +1,11 @@"))
    }

    @Test("insertions into an empty file and deletions to nothing have empty ranges")
    func emptyRanges() {
        #expect(UnifiedDiff(old: "", new: "x\n", path: "M.swift").text == "--- M.swift\n+++ M.swift\n@@ -0,0 +1 @@\n+x\n")
        #expect(UnifiedDiff(old: "x\n", new: "", path: "M.swift").text == "--- M.swift\n+++ M.swift\n@@ -1 +0,0 @@\n-x\n")
    }

    @Test(
        "patch applies every diff and gets the new text back",
        arguments: [
            ("a\nb\nc\n", "a\nc\nd\n"),
            (
                "struct A {\n    let x: Int\n}\n",
                "struct A {\n    let x: Int?\n\n    enum CodingKeys: String, CodingKey {\n        case x = \"y\"\n    }\n}\n"
            ),
            ("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "0\n1\n2\n3\n4\n6\n7\n8\n9\n10\n11\nlast"),
            ("no newline", "no newline\n"),
            ("", "new file\n"),
        ])
    func patchRoundTrip(old: String, new: String) throws {
        let folder = try Swiftc.folder(["M.swift": old, "fix.diff": UnifiedDiff(old: old, new: new, path: "M.swift").text])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Swiftc.execute("/usr/bin/patch", ["-p0", "--quiet", "-i", "fix.diff"], in: folder)
        #expect(result.status == 0, "\(result.output)")
        #expect(try String(contentsOf: folder.appendingPathComponent("M.swift"), encoding: .utf8) == new)
    }
}
