import Foundation
import TestSupport
import Testing

/// `--model DIR` on an app's whole source folder (issue 37): SwiftUI views, an `@main App`, a UIKit
/// extension and previews beside the models. `check` decodes with the files the decode needs, gives
/// the answer of those files compiled with swiftc and decoded by Foundation in a program written here,
/// says in one line which files it left out, and refuses a compile that needs a SwiftUI file, naming it.
@Suite(.serialized) struct AppFolderTests {
    static let folder = Repository.fixtures.appendingPathComponent("app-folder")

    /// The files an iOS build of the app compiles for a decode of User, as far as Linux can build them:
    /// the models, their container overload and the app's decoder (written out here, independently of the
    /// tool's own selection).
    static let neededFiles = [
        "Models/User.swift", "Models/User+Decodable.swift", "Models/Role.swift", "Models/Profile.swift", "Models/DefaultEmpty.swift",
        "Networking/Networking.swift",
    ]

    struct Case: CustomTestStringConvertible, Sendable {
        var payload: String
        var decoder: String?
        var testDescription: String { "\(decoder ?? "JSONDecoder()") \(payload)" }
    }

    static let cases: [Case] = [
        Case(
            payload: #"{"id": 1, "name": "Ann", "joinedAt": 700000000, "role": "admin", "profile": {"followers": "12"}, "tags": ["a"]}"#),
        Case(payload: #"{"id": 1, "name": "Ann", "joinedAt": 700000000, "role": "owner", "profile": {"followers": 3}}"#),
        Case(
            payload: #"{"id": 2, "name": "Bo", "joined_at": "2024-01-02T03:04:05Z", "role": "member", "profile": {"followers": 3}}"#,
            decoder: "makeDecoder()"),
        Case(
            payload: #"{"id": 2, "name": "Bo", "joined_at": "yesterday", "role": "member", "profile": {"followers": 3}}"#,
            decoder: "makeDecoder()"),
        Case(
            payload: #"{"id": 2, "name": "Bo", "joined_at": "2024-01-02T03:04:05Z", "role": "guest", "profile": {"followers": "many"}}"#,
            decoder: "makeDecoder()"),
    ]

    /// Foundation's answer for every case, from one program compiled with the needed files.
    static let oracle: Result<[FoundationOracle.Verdict], CompiledModeTests.OracleError> = Result {
        var files: [String: String] = [:]
        for path in neededFiles {
            files[(path as NSString).lastPathComponent] = try String(
                contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        }
        return try FoundationOracle.verdicts(
            files: files, cases: cases.map { .init(type: "User", payload: .text($0.payload), decoder: $0.decoder ?? "JSONDecoder()") },
            flags: ["-module-name", "Models"])
    }.mapError { CompiledModeTests.OracleError(text: "\($0)") }

    static func check(_ payload: String, _ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("app-folder-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try payload.write(to: dir.appendingPathComponent("payload.json"), atomically: true, encoding: .utf8)
        return try FixCommandTests.run(["check", "payload.json", "--model", folder.path] + arguments, in: dir)
    }

    @Test("check on the app's folder gives the needed files' compiled answer", arguments: Array(cases.indices))
    func matchesTheNeededFilesCompiled(_ index: Int) throws {
        let c = Self.cases[index]
        let expected = try Self.oracle.get()
        try #require(expected.count == Self.cases.count)
        #expect(expected.map(\.ok) == [true, false, true, false, false], "the cases decode, and fail where meant to: \(expected)")
        let result = try Self.check(
            c.payload, ["--type", "User", "--format", "json"] + (c.decoder.map { ["--decoder", $0] } ?? []))
        let output = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(result.err)")
        #expect(output["mode"] as? String == "compiled")
        let mine = try CompiledModeTests.comparable(check: output, status: result.status)
        #expect(
            try CompiledModeTests.json(mine) == CompiledModeTests.json(CompiledModeTests.comparable(expected[index])),
            "check said:\n\(result.out)\n\(result.err)")
        let leftOut = try #require(output["leftOut"] as? [String: Any])
        #expect((leftOut["modules"] as? [String]) == ["SwiftUI", "UIKit"])
        #expect((leftOut["files"] as? [String])?.count == 5)
    }

    @Test func theTextSaysInOneLineWhichFilesWereLeftOut() throws {
        let result = try Self.check(Self.cases[1].payload, ["--type", "User", "--no-fixes"])
        #expect(result.status == 1, "\(result.out)\(result.err)")
        let notes = result.out.split(separator: "\n").filter { $0.hasPrefix("note: left out") }
        #expect(
            notes == [
                "note: left out 5 files that import SwiftUI/UIKit and hold nothing the decode of User needs: PocketApp.swift, UIColor+Brand.swift, AccentTheme.swift, ContentView.swift and 1 more"
            ], "\(result.out)")
        #expect(!result.err.contains("import"), "no refusal: \(result.err)")
    }

    @Test func aCompileThatNeedsASwiftUIFileIsRefusedNamingTheFileTheImportAndTheDeclaration() throws {
        let result = try Self.check(#"{"accent": "ocean", "notifications": true}"#, ["--type", "Settings", "--decoder", "makeDecoder()"])
        #expect(result.status == 2, "\(result.out)\(result.err)")
        #expect(
            result.err.contains(
                "AccentTheme.swift:1:1: AccentTheme.swift imports SwiftUI, which cannot be built on this platform, and holds enum AccentTheme (line 4), which the decode of Settings with makeDecoder() needs (Settings.swift refers to AccentTheme)"
            ), "\(result.err)")
    }

    @Test func theSchemaEngineReadsANeededSwiftUIFileWithoutBuildingIt() throws {
        // Settings and AccentTheme are synthesized Codable: `auto` decodes them with the schema engine.
        let good = try Self.check(#"{"accent": "ocean", "notifications": true}"#, ["--type", "Settings"])
        #expect(good.status == 0, "\(good.out)\(good.err)")
        #expect(good.out.contains("ok: Settings decoded at $"), "\(good.out)")
        let bad = try Self.check(#"{"accent": "purple", "notifications": true}"#, ["--type", "Settings", "--no-fixes"])
        #expect(bad.status == 1, "\(bad.out)\(bad.err)")
        #expect(bad.out.contains("Cannot initialize AccentTheme from invalid String value purple"), "\(bad.out)")
    }
}
