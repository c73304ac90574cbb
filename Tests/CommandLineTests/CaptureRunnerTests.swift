import Foundation
import TestSupport
import Testing

/// `check CAPTURE --mode compiled`: one runner serves entry after entry, and each entry is still
/// supervised on its own. The model's code writes the id of the process that decodes it, so the
/// entries themselves say which runner served them.
@Suite struct CaptureRunnerTests {
    static let folder = Repository.fixtures.appendingPathComponent("captures/runner")

    /// The model's line for each entry that printed one: the process that decoded it, and the id.
    static func printed(_ entry: [String: Any]) -> (process: Int, id: Int)? {
        guard let check = entry["check"] as? [String: Any], let output = check["modelOutput"] as? [String: Any],
            let text = output["stderr"] as? String
        else { return nil }
        let words = text.split(separator: " ")
        guard text.hasSuffix("\n"), text.filter({ $0 == "\n" }).count == 1, words.count == 4,
            let process = Int(words[1]), let id = Int(words[3].dropLast())
        else { return nil }
        return (process, id)
    }

    @Test func oneRunnerServesTheEntriesAndATrapOrALoopEndsOnlyItsOwn() throws {
        let result = try ProcessRunner.run(
            BuiltProduct.codableExplorer,
            [
                "check", Self.folder.appendingPathComponent("watched.jsonl").path, "--type", "Watched", "--model",
                Self.folder.appendingPathComponent("Watched.swift").path, "--mode", "compiled", "--timeout", "2", "--format", "json",
            ])
        #expect(result.status == 1, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(
            entries.map { $0["verdict"] as? String }
                == ["decodes", "decodes", "fails", "fails", "decodes", "decodes", "fails", "decodes", "decodes"])
        // The trap and the loop are told for their own entry.
        #expect((entries[3]["reason"] as? String)?.contains("entry 4 traps") == true, "\(entries[3])")
        #expect((entries[6]["reason"] as? String)?.contains("2") == true, "\(entries[6])")
        #expect(((entries[2]["check"] as? [String: Any])?["errors"] as? [Any])?.count == 1)
        // Each entry's output is its own line only, and the entries between a trap or a loop share one process.
        let lines = [0, 1, 4, 5, 7, 8].map { Self.printed(entries[$0]) }
        #expect(lines.map { $0?.id } == [1, 2, 5, 6, 8, 9], "\(entries)")
        let processes = lines.map { $0?.process }
        #expect(processes[0] == processes[1] && processes[2] == processes[3] && processes[4] == processes[5], "\(processes)")
        #expect(Set(processes.compactMap { $0 }).count == 3, "\(processes)")
    }
}
