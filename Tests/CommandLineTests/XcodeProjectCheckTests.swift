import Foundation
import TestSupport
import Testing

/// `check --project App.xcodeproj --target App`: the target's Swift files, compiled with the build
/// settings that change what they mean. The truth for each fixture project is the same files
/// compiled as Xcode's Debug build compiles them (the flags written out here from the project's
/// settings), decoding with Foundation's `JSONDecoder`.
@Suite struct XcodeProjectCheckTests {
    static let fixtures = Repository.fixtures.appendingPathComponent("xcode")

    struct Fixture: Sendable, CustomStringConvertible {
        var folder: String
        var project: String
        var target: String
        var type: String
        /// What the target compiles, relative to the folder.
        var files: [String]
        /// What Xcode's Debug build gives swiftc for the project's settings.
        var flags: [String]
        var payloads: [String]
        var decoder: String?

        var description: String { folder }
        var url: URL { XcodeProjectCheckTests.fixtures.appendingPathComponent(folder) }
    }

    static let projects: [Fixture] = [
        // objectVersion 56, classic groups; SWIFT_VERSION 5.0, conditions DEBUG (project) and SHOP_CENTS (target).
        Fixture(
            folder: "Groups56", project: "Shop.xcodeproj", target: "Shop", type: "Product",
            files: ["Shop/Models/Product.swift", "Shop/Models/Price.swift", "Shop/ShopInfo.swift", "Shared/Currency.swift"],
            flags: ["-swift-version", "5", "-D", "DEBUG", "-D", "SHOP_CENTS"],
            payloads: ["product-ok", "product-no-debug-label", "product-amount", "product-bad-currency"]),
        // objectVersion 77, a buildable folder with membership exceptions; Swift 6, -DNOTES_V2 in OTHER_SWIFT_FLAGS.
        Fixture(
            folder: "Buildable77", project: "Notes.xcodeproj", target: "Notes", type: "Note",
            files: ["Notes/Note.swift", "Notes/Model/Tag.swift"], flags: ["-swift-version", "6", "-D", "DEBUG", "-D", "NOTES_V2"],
            payloads: ["note-ok", "note-no-body", "note-string-id", "note-tag-label"]),
        // objectVersion 77, Xcode 26's app template: MainActor by default, approachable concurrency, Swift 6.
        Fixture(
            folder: "MainActor77", project: "Weather.xcodeproj", target: "Weather", type: "Forecast",
            files: ["Weather/Forecast.swift", "Weather/Networking.swift", "Weather/Units.swift"],
            flags: [
                "-swift-version", "6", "-default-isolation", "MainActor", "-enable-upcoming-feature", "MemberImportVisibility",
                "-enable-upcoming-feature", "InferIsolatedConformances", "-enable-upcoming-feature", "NonisolatedNonsendingByDefault",
                "-D", "DEBUG",
            ],
            payloads: ["forecast-ok", "forecast-high-text", "forecast-bad-date"], decoder: "makeDecoder()"),
    ]

    static func check(_ fixture: Fixture, _ payload: String, models: [String]) throws -> ProcessResult {
        try ProcessRunner.run(
            BuiltProduct.codableExplorer,
            ["check", "payloads/\(payload).json", "--type", fixture.type, "--format", "json"] + models
                + (fixture.decoder.map { ["--decoder", $0] } ?? []), in: fixture.url)
    }

    /// The fields Foundation and `check` both give, as text to compare.
    static func fields(_ error: [String: Any]?) -> [String: String] {
        guard let error else { return ["ok": "true"] }
        var fields: [String: String] = [:]
        for name in ["kind", "debugDescription"] { fields[name] = error[name].map { "\($0)" } }
        fields["codingPath"] = ((error["codingPath"] as? [Any]) ?? []).map { "\($0)" }.joined(separator: " / ")
        return fields
    }

    @Test(arguments: projects)
    func everyVerdictIsTheAppsDebugBuilds(_ fixture: Fixture) throws {
        var sources: [String: String] = [:]
        for file in fixture.files {
            sources[(file as NSString).lastPathComponent] = try String(
                contentsOf: fixture.url.appendingPathComponent(file), encoding: .utf8)
        }
        let cases = fixture.payloads.map { payload in
            FoundationOracle.Case(
                type: fixture.type, payload: .file(fixture.url.appendingPathComponent("payloads/\(payload).json")),
                decoder: fixture.decoder ?? "JSONDecoder()")
        }
        let truth = try FoundationOracle.verdicts(files: sources, cases: cases, flags: fixture.flags + ["-module-name", fixture.target])
        for (payload, verdict) in zip(fixture.payloads, truth) {
            let run = try Self.check(fixture, payload, models: ["--project", fixture.project, "--target", fixture.target])
            let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
            let error = (json["errors"] as? [[String: Any]])?.first
            #expect(Self.fields(error) == Self.fields(verdict.ok ? nil : verdict.fields), "\(payload): \(run.stderr)")
            #expect(run.status == (verdict.ok ? 0 : 1), "\(payload): \(run.stderr)")
        }
    }

    @Test(arguments: projects)
    func aModelPathInTheProjectsFolderIsTheTargetThatCompilesIt(_ fixture: Fixture) throws {
        let byProject = try Self.check(fixture, fixture.payloads[1], models: ["--project", fixture.project, "--target", fixture.target])
        let byPath = try Self.check(fixture, fixture.payloads[1], models: ["--model", fixture.files[0]])
        #expect(byPath.status == 1, "\(byPath.stderr)")
        #expect(byPath.stdout == byProject.stdout)
    }

    @Test func aFileNoTargetCompilesIsReadAsALooseModelFileSayingSo() throws {
        let shop = Self.projects[0]
        // Scratch.swift sits in the Shop group, in no build phase, and does not compile.
        let run = try Self.check(shop, "product-ok", models: ["--model", "Shop/Scratch.swift"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("Scratch.swift: no target of"), "\(run.stderr)")
        #expect(run.stderr.contains("compiles it; its targets: Shop; read as loose model files"), "\(run.stderr)")
    }

    @Test func aMainActorTargetSaysItsConformancesAreMainActorIsolated() throws {
        let weather = Self.projects[2]
        let run = try Self.check(weather, "forecast-ok", models: ["--project", weather.project, "--target", weather.target])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stderr.contains("SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor: the models' Decodable conformances are main-actor isolated"))
    }

    @Test func anUnknownTargetIsRefusedNamingTheTargetsThereAre() throws {
        let notes = Self.projects[1]
        let run = try Self.check(notes, "note-ok", models: ["--project", notes.project, "--target", "Note"])
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.contains("has no target Note; its targets: Notes, NotesTests"), "\(run.stderr)")
    }

    @Test func schemaModeDoesNotGuessWhichBranchOfAnIfTheBuildCompiles() throws {
        let shop = Self.projects[0]
        let run = try Self.check(shop, "product-ok", models: ["--project", shop.project, "--target", shop.target, "--mode", "schema"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("--mode schema reads the first branch of each #if"), "\(run.stderr)")
    }

    /// An `#if` in another file that extends the decoded type: which branch the build compiles is
    /// the project's to say, so swiftc decides. Here the branch is not compiled (RELEASE_KEYS is not
    /// a condition of the Debug build), and the first branch, which the schema engine would read,
    /// renames the key the payload sends.
    @Test func anIfInAFileExtendingTheTypeIsDecidedByTheBuild() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-xcode-extension-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.fixtures.appendingPathComponent("Groups56"), to: folder)
        let models = folder.appendingPathComponent("Shop/Models")
        try Data("struct Product: Codable {\n    var name: String\n    var currency: Currency\n}\n".utf8)
            .write(to: models.appendingPathComponent("Product.swift"))
        try Data("struct Price: Codable {\n    var cents: Int\n}\n".utf8).write(to: models.appendingPathComponent("Price.swift"))
        try Data(
            """
            enum ShopInfo {
                static let name = "Shop"
            }

            #if RELEASE_KEYS
            extension Product {
                enum CodingKeys: String, CodingKey {
                    case name
                    case currency = "currency_code"
                }
            }
            #endif

            """.utf8
        ).write(to: folder.appendingPathComponent("Shop/ShopInfo.swift"))
        try Data(#"{"name": "Mug", "currency": "eur"}"#.utf8).write(to: folder.appendingPathComponent("payload.json"))
        let run = try ProcessRunner.run(
            BuiltProduct.codableExplorer, ["check", "payload.json", "--project", "Shop.xcodeproj", "--type", "Product"], in: folder)
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.hasSuffix("ok: Product decoded at $ (compiled mode)\n"), "\(run.stdout)")
    }

    @Test func aMalformedProjectFileStopsTheCheckAtItsLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-xcode-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("Shop.xcodeproj")
        try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("Groups56/Shop.xcodeproj/project.pbxproj"), encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let broken = try #require(lines.firstIndex(of: "\t\t\t\tSWIFT_VERSION = 5.0;"))
        lines[broken] = "\t\t\t\tSWIFT_VERSION = 5.0"
        try Data(lines.joined(separator: "\n").utf8).write(to: bundle.appendingPathComponent("project.pbxproj"))
        try Data("{}".utf8).write(to: folder.appendingPathComponent("payload.json"))
        let run = try ProcessRunner.run(
            BuiltProduct.codableExplorer,
            ["check", "payload.json", "--project", "Shop.xcodeproj", "--target", "Shop", "--type", "Product"],
            in: folder)
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        // The missing ';' is found where the next setting starts, on the line after.
        let file = bundle.standardizedFileURL.path + "/project.pbxproj"
        #expect(
            run.stderr.contains(
                "\(file):\(broken + 2): error: expected ';' after the value of SWIFT_VERSION, found 'TARGETED_DEVICE_FAMILY'"),
            "\(run.stderr)")
    }
}
