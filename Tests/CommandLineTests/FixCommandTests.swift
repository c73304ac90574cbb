import DecodeWorker
import Foundation
import Teaching
import TestSupport
import Testing

/// `check` with explanations and verified fixes, and `fix`, run as the real binary (fixes are
/// verified in its `teach-worker` child process).
@Suite struct FixCommandTests {
    static let binary = BuiltProduct.codableExplorer
    /// A client of the built tool's worker, started from this process, with the test run's
    /// runner cache (``TestCache``).
    static var worker: DecodeClient {
        DecodeClient(executable: binary, environment: ["XDG_CACHE_HOME": TestCache.folder.path])
    }

    static var samples: URL { Repository.samplePayloads }

    /// A private copy of a sample's payload and model, so `fix --apply` can write to it.
    static func copy(_ sample: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fix-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for file in ["payload.json", "Models.swift"] {
            try FileManager.default.copyItem(
                at: samples.appendingPathComponent(sample).appendingPathComponent(file),
                to: dir.appendingPathComponent(file))
        }
        return dir
    }

    static func run(_ arguments: [String], in dir: URL) throws -> (status: Int32, out: String, err: String) {
        let result = try ProcessRunner.run(binary, arguments, in: dir)
        return (result.status, result.stdout, result.stderr)
    }

    @Test func checkExplainsTheErrorAndShowsAVerifiedFixWithItsDiff() throws {
        let dir = try Self.copy("03-null-vs-missing")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try Self.run(["check", "payload.json", "--model", "Models.swift", "--type", "Team"], in: dir)
        #expect(result.status == 1)
        #expect(result.out.contains("  expected: a `String` for `email` (`let email: String` in Member)"))
        #expect(result.out.contains("  found:    null"))
        #expect(result.out.contains("  fix 1: Make `email` optional: `String?`\n    ✓ verified: decodes"))
        #expect(result.out.contains("    -    let email: String\n    +    let email: String?"))
        #expect(result.out.contains("codable-explorer fix payload.json --model Models.swift --type Team --apply N"))
        let plain = try Self.run(["check", "payload.json", "--model", "Models.swift", "--type", "Team", "--no-fixes"], in: dir)
        #expect(plain.out.contains("  expected:") && !plain.out.contains("fix 1"))
    }

    @Test func jsonAddsAnExplanationAlwaysAndFixesOnRequest() throws {
        let dir = try Self.copy("17-numbers-as-strings")
        defer { try? FileManager.default.removeItem(at: dir) }
        let base = ["check", "payload.json", "--model", "Models.swift", "--type", "Quote", "--format", "json"]
        let plain = try JSONSerialization.jsonObject(with: Data(try Self.run(base, in: dir).out.utf8)) as? [String: Any]
        let error = try #require((plain?["errors"] as? [[String: Any]])?.first)
        #expect(
            error["kind"] as? String == "typeMismatch"
                && error["debugDescription"] as? String == "Expected to decode Double but found a string instead.")
        let explanation = try #require(error["explanation"] as? [String: Any])
        #expect(explanation["found"] as? String == #"a string, "189.84""#)
        #expect(error["fixes"] == nil)
        let withFixes = try JSONSerialization.jsonObject(with: Data(try Self.run(base + ["--fixes"], in: dir).out.utf8)) as? [String: Any]
        let fixes = try #require(((withFixes?["errors"] as? [[String: Any]])?.first)?["fixes"] as? [[String: Any]])
        #expect(fixes.first?["kind"] as? String == "losslessValue")
        #expect(fixes.first?["remainingErrors"] as? Int == 2 && fixes.first?["verifiedBy"] as? String == "valueByValue")
        #expect((fixes.first?["diff"] as? String)?.contains("+    @LosslessValue var price: Double") == true)
    }

    @Test func fixApplyWritesTheModelWithABackupAndThePayloadThenDecodes() throws {
        let dir = try Self.copy("01-basics")
        defer { try? FileManager.default.removeItem(at: dir) }
        let request = ["payload.json", "--model", "Models.swift", "--type", "ProductCategory"]
        let listing = try Self.run(["fix"] + request, in: dir)
        #expect(listing.status == 1)
        #expect(listing.out.hasPrefix("fix 1: Make `description` optional: `String?`  [error 1]\n  ✓ verified: decodes"))
        let original = try String(contentsOf: dir.appendingPathComponent("Models.swift"), encoding: .utf8)
        let applied = try Self.run(["fix"] + request + ["--apply", "1"], in: dir)
        #expect(applied.status == 0, "\(applied.err)")
        #expect(applied.out.contains("wrote Models.swift (the previous version is kept as"))
        #expect(try String(contentsOf: dir.appendingPathComponent("Models.swift.orig"), encoding: .utf8) == original)
        #expect(try String(contentsOf: dir.appendingPathComponent("Models.swift"), encoding: .utf8).contains("let description: String?"))
        let after = try Self.run(["check"] + request, in: dir)
        #expect(after.status == 0, "\(after.out)")
    }

    @Test func aDecoderSettingFixWritesNothingAndSaysWhatToSet() throws {
        let dir = try Self.copy("08-dates-deferred")
        defer { try? FileManager.default.removeItem(at: dir) }
        let model = try String(contentsOf: dir.appendingPathComponent("Models.swift"), encoding: .utf8)
        let result = try Self.run(["fix", "payload.json", "--model", "Models.swift", "--type", "Schedule", "--apply", "1"], in: dir)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("decoder.dateDecodingStrategy = .iso8601"))
        #expect(result.out.contains("nothing was written") && result.out.contains("decode with --date-strategy iso8601"))
        #expect(try String(contentsOf: dir.appendingPathComponent("Models.swift"), encoding: .utf8) == model)
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("Models.swift.orig").path))
    }

    @Test func anUnknownFixNumberCannotRun() throws {
        let dir = try Self.copy("01-basics")
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try Self.run(
            ["fix", "payload.json", "--model", "Models.swift", "--type", "ProductCategory", "--apply", "99"], in: dir)
        #expect(result.status == 2)
        #expect(result.err.contains("there is no fix 99"))
        #expect(result.out.isEmpty)
    }
}
