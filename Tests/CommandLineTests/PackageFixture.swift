import Foundation
import TestSupport
import Testing

/// A fixture package folder of `Tests/Fixtures` (`package`, `package-c`): its `App` package, its
/// `payloads`, and the harness executable SwiftPM builds from `App` (once, into a folder of its own:
/// nothing is written in the fixture), which decodes with Foundation's `JSONDecoder` and prints what
/// it says in the fields of check-output.md: the truth `check` is compared with.
struct PackageFixture: Sendable {
    struct HarnessProblem: Error { var text: String }

    let folder: URL
    var app: URL { folder.appendingPathComponent("App") }
    let harness: Result<URL, HarnessProblem>

    init(_ name: String) {
        folder = Repository.fixtures.appendingPathComponent(name)
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("ce-\(name)-harness-\(getpid())")
        let app = folder.appendingPathComponent("App")
        guard
            let built = try? ProcessRunner.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["swift", "build", "--package-path", app.path, "--scratch-path", scratch.path, "--product", "Harness"])
        else {
            harness = .failure(HarnessProblem(text: "swift did not start"))
            return
        }
        harness =
            built.status == 0
            ? .success(scratch.appendingPathComponent("debug/Harness")) : .failure(HarnessProblem(text: built.stderr + built.stdout))
    }

    /// What Foundation says, as the harness prints it: `ok`, and the error's fields.
    func truth(_ payload: String, type: String) throws -> [String: Any] {
        let run = try ProcessRunner.run(try harness.get(), [type, folder.appendingPathComponent("payloads/\(payload)").path])
        try #require(run.status == 0, "the harness failed: \(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    /// `check payloads/PAYLOAD --type TYPE --format json` and `arguments`, run in the fixture's folder.
    func check(_ payload: String, type: String, _ arguments: [String]) throws -> (status: Int32, json: [String: Any]?, stderr: String) {
        let run = try ProcessRunner.run(
            BuiltProduct.codableExplorer, ["check", "payloads/\(payload)", "--type", type, "--format", "json"] + arguments, in: folder)
        let json = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return (run.status, json, run.stderr)
    }

    /// The fields of check-output.md the harness prints, as text to compare.
    static func fields(_ error: [String: Any]) -> [String: String] {
        var fields: [String: String] = [:]
        for name in ["kind", "key", "debugDescription", "errorType"] { fields[name] = error[name].map { "\($0)" } }
        if error["kind"] as? String != "other" {
            fields["codingPath"] = ((error["codingPath"] as? [Any]) ?? []).map { "\($0)" }.joined(separator: " / ")
        }
        return fields
    }

    /// `check`'s answer is Foundation's: the same verdict, exit status and error, in compiled mode.
    func expectSameAnswer(_ payload: String, type: String, _ arguments: [String]) throws {
        let truth = try truth(payload, type: type)
        let checked = try check(payload, type: type, arguments)
        let json = try #require(checked.json, "\(payload): check printed no JSON; stderr: \(checked.stderr)")
        let ok = try #require(truth["ok"] as? Bool)
        #expect(json["ok"] as? Bool == ok, "\(payload): \(checked.stderr)")
        #expect(json["mode"] as? String == "compiled")
        #expect(checked.status == (ok ? 0 : 1))
        if !ok {
            let error = try #require((json["errors"] as? [[String: Any]])?.first)
            #expect(Self.fields(error) == Self.fields(try #require(truth["error"] as? [String: Any])), "\(payload)")
        }
    }
}
