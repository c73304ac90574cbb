import Foundation
import TestSupport
import Testing

/// Models that live in a SwiftPM package are checked in their package: `check --package DIR
/// --target NAME` (or a `--model` path under `Sources/NAME`) builds the target with SwiftPM and
/// decodes with its own module, its dependencies' property wrappers and container extensions,
/// `package` access and the app's decoder. The truth is the fixture's own harness executable,
/// built by SwiftPM from the same sources, decoding with Foundation's `JSONDecoder`.
@Suite(.serialized) struct PackageTargetTests {
    static let package = PackageFixture("package")
    static let fixture = package.folder
    static let app = package.app

    static func truth(_ payload: String, type: String) throws -> [String: Any] { try package.truth(payload, type: type) }

    static func check(_ payload: String, type: String, models: [String]) throws -> (status: Int32, json: [String: Any]?, stderr: String) {
        try package.check(payload, type: type, ["--decoder", "makeDecoder()"] + models)
    }

    /// Every file of the fixture with its size and time: the tool must leave them as they are.
    static func listing() -> [String: String] {
        var files: [String: String] = [:]
        for case let name as String in FileManager.default.enumerator(atPath: fixture.path) ?? FileManager.DirectoryEnumerator() {
            let attributes = try? FileManager.default.attributesOfItem(atPath: fixture.appendingPathComponent(name).path)
            files[name] = "\(attributes?[.size] ?? "") \((attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        }
        return files
    }

    static let cases: [(payload: String, type: String)] = [
        ("user-ok.json", "User"), ("user-no-tags.json", "User"), ("user-bad-id.json", "User"), ("user-camel-case.json", "User"),
        ("envelope-ok.json", "Envelope<User>"), ("envelope-wrong-key.json", "Envelope<User>"), ("users-date-text.json", "[User]"),
        ("profile-age-text.json", "Profile"), ("profile-no-nickname.json", "Profile"),
    ]

    @Test func everyAnswerIsTheAppsOwnModuleNamesIncludedAndThePackageIsLeftAsItWas() throws {
        let before = Self.listing()
        for (payload, type) in Self.cases {
            try Self.package.expectSameAnswer(
                payload, type: type, ["--decoder", "makeDecoder()", "--package", "App", "--target", "Models"])
        }
        #expect(Self.listing() == before)
    }

    /// A model file under `Sources/Models` stands for its target: the same answer as --package.
    @Test func aModelPathInsideThePackageBuildsItsTarget() throws {
        let checked = try Self.check(
            "user-bad-id.json", type: "User", models: ["--model", Self.app.appendingPathComponent("Sources/Models/User.swift").path])
        let error = try #require((checked.json?["errors"] as? [[String: Any]])?.first, "stderr: \(checked.stderr)")
        let truth = try #require(try Self.truth("user-bad-id.json", type: "User")["error"] as? [String: Any])
        #expect(PackageFixture.fields(error) == PackageFixture.fields(truth))
        #expect(error["errorType"] as? String == "Core.IdentifierError")
    }

    /// A fix in a package target is verified against the package's own build (the edited target
    /// compiled beside it), written into the package's file, and the package then decodes.
    @Test func aFixIsVerifiedAndWrittenInThePackage() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("ce-package-fix-" + UUID().uuidString)
        try FileManager.default.copyItem(at: Self.fixture, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let arguments = [
            "payloads/profile-age-text.json", "--package", "App", "--target", "Models", "--type", "Profile", "--decoder", "makeDecoder()",
        ]
        let checked = try ProcessRunner.run(BuiltProduct.codableExplorer, ["check"] + arguments, in: copy)
        #expect(checked.status == 1)
        #expect(checked.stdout.contains("✓ verified (compiled and decoded again): decodes"), "\(checked.stdout)\(checked.stderr)")
        #expect(
            checked.stdout.contains(
                "codable-explorer fix payloads/profile-age-text.json --package App --target Models --type Profile --decoder 'makeDecoder()' --apply N"
            ))
        let profile = copy.appendingPathComponent("App/Sources/Models/Profile.swift")
        let before = try String(contentsOf: profile, encoding: .utf8)
        let fixed = try ProcessRunner.run(BuiltProduct.codableExplorer, ["fix"] + arguments + ["--apply", "1"], in: copy)
        #expect(fixed.status == 0, "\(fixed.stdout)\(fixed.stderr)")
        #expect(try String(contentsOf: profile, encoding: .utf8) != before)
        let after = try ProcessRunner.run(BuiltProduct.codableExplorer, ["check"] + arguments, in: copy)
        #expect(after.status == 0, "\(after.stdout)\(after.stderr)")
    }

    /// README's contract-test recipe, run as written on a copy of the fixture package with
    /// `Responses/<Type>/*.json` and its routes: a mismatch fails it with file:line:col; all good passes.
    @Test func theReadmesContractRecipeFailsOnAMismatchAndPassesWhenAllDecode() throws {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "### Contract tests in CI").dropFirst().first)
        let recipe = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("ce-package-ci-" + UUID().uuidString)
        try FileManager.default.copyItem(at: Self.fixture, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let app = copy.appendingPathComponent("App")
        func record(_ payload: String, as type: String) throws {
            let folder = app.appendingPathComponent("Responses/\(type)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                at: copy.appendingPathComponent("payloads/\(payload)"), to: folder.appendingPathComponent(payload))
        }
        try record("user-ok.json", as: "User")
        try record("user-no-tags.json", as: "User")
        try record("profile-age-text.json", as: "Profile")
        try Data("*  /User/**     User\n*  /Profile/**  Profile\n".utf8).write(to: app.appendingPathComponent("Responses/api.routes"))
        let path = BuiltProduct.codableExplorer.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "")
        let failing = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", recipe], in: app, environment: ["PATH": path])
        #expect(failing.status == 1)
        #expect(
            failing.stdout.contains("Responses/Profile/profile-age-text.json:1:18: error: typeMismatch at age"),
            "\(failing.stdout)\(failing.stderr)")
        #expect(failing.stdout.contains("Responses/User/user-ok.json: decodes: User (Responses/api.routes:1)"))
        try FileManager.default.removeItem(at: app.appendingPathComponent("Responses/Profile"))
        let passing = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", recipe], in: app, environment: ["PATH": path])
        #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")
    }

    /// A check after a save anywhere the build reads, here the local Wrappers package the models
    /// depend on, decodes with the new code (an unchanged package is not built again).
    @Test func aSaveInALocalDependencyIsSeenByTheNextCheck() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("ce-package-dep-" + UUID().uuidString)
        try FileManager.default.copyItem(at: Self.fixture, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let arguments = [
            "check", "payloads/user-ok.json", "--package", "App", "--target", "Models", "--type", "User", "--decoder", "makeDecoder()",
        ]
        let lossy = try ProcessRunner.run(BuiltProduct.codableExplorer, arguments, in: copy)
        #expect(lossy.status == 0, "\(lossy.stdout)\(lossy.stderr)")
        // LossyArray keeps every element or throws: "two" among the scores is then an error.
        let wrapper = copy.appendingPathComponent("Wrappers/Sources/Wrappers/LossyArray.swift")
        let strict = try String(contentsOf: wrapper, encoding: .utf8).replacingOccurrences(
            of: "if let element = try? container.decode(Element.self) {",
            with: "if let element = Optional(try container.decode(Element.self)) {")
        try strict.write(to: wrapper, atomically: true, encoding: .utf8)
        let failing = try ProcessRunner.run(BuiltProduct.codableExplorer, arguments, in: copy)
        #expect(failing.status == 1, "\(failing.stdout)\(failing.stderr)")
        #expect(failing.stdout.contains("error: typeMismatch at scores[1]"), "\(failing.stdout)")
    }

    /// A package written for the test, in a folder of its own.
    static func package(_ manifest: String, source: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-package-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Sources/Models"), withIntermediateDirectories: true)
        try Data(manifest.utf8).write(to: folder.appendingPathComponent("Package.swift"))
        try Data(source.utf8).write(to: folder.appendingPathComponent("Sources/Models/Model.swift"))
        try Data("{}".utf8).write(to: folder.appendingPathComponent("payload.json"))
        return folder
    }

    static func checkPackage(_ folder: URL) throws -> ProcessResult {
        try ProcessRunner.run(
            BuiltProduct.codableExplorer, ["check", "payload.json", "--package", ".", "--target", "Models", "--type", "Model"], in: folder)
    }

    @Test func unresolvedDependenciesSayWhatToRun() throws {
        let folder = try Self.package(
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Remote", dependencies: [.package(url: "https://example.invalid/kit.git", from: "1.0.0")],
                targets: [.target(name: "Models", dependencies: [.product(name: "Kit", package: "kit")])])
            """, source: "import Kit\nstruct Model: Decodable {}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.checkPackage(folder)
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                "the dependencies of the package at \(folder.path) are not resolved yet (the build is offline): run `swift package resolve` in \(folder.path), then try again"
            ), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.resolved").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".build").path))
    }

    @Test func aTargetThatCannotBuildHereGetsSwiftPMsDiagnosticNamingTheImport() throws {
        let folder = try Self.package(
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Phone", targets: [.target(name: "Models")])
            """, source: "import UIKit\nstruct Model: Decodable {}\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let run = try Self.checkPackage(folder)
        #expect(run.status == 2)
        #expect(run.stderr.components(separatedBy: "Model.swift:1:8: error: no such module 'UIKit'").count == 2, "\(run.stderr)")
    }

    /// SwiftPM keeps locks and temporary folders in `TMPDIR` (a lock named after the scratch path,
    /// one for its manifest database, and `TemporaryDirectory.*` folders it never removes): a package
    /// build puts them in a private folder of the cache, never in the user's temporary folder.
    @Test func aPackageBuildLeavesNothingInTheTemporaryFolder() throws {
        let folder = try Self.package(
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Plain", targets: [.target(name: "Models")])
            """, source: "struct Model: Decodable { var id: Int }\n")
        defer { try? FileManager.default.removeItem(at: folder) }
        let shared = folder.appendingPathComponent("shared-tmp"), cache = folder.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: false)
        let run = try ProcessRunner.run(
            BuiltProduct.codableExplorer, ["check", "payload.json", "--package", ".", "--target", "Models", "--type", "Model"], in: folder,
            environment: ["TMPDIR": shared.path, "XDG_CACHE_HOME": cache.path])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("keyNotFound"), "\(run.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: shared.path) == [])
        let own = cache.appendingPathComponent("codable-explorer/runners/packages/tmp")
        let kept = try FileManager.default.contentsOfDirectory(atPath: own.path)
        #expect(kept.contains { $0.hasSuffix(".lock") }, "\(kept)")
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: own.path)[.posixPermissions] as? Int)
        #expect(mode == 0o700)
    }
}
