import Foundation
import TestSupport
import Testing

@testable import CodableExplorerCommands
@testable import CommandRuns

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Only code the user named runs (issue 34): a scenario.json and Models.swift beside a payload in any
/// folder but the tool's own samples bring no model, and no samples are looked for in the working
/// directory. What a launch would decode with is read from its setup, before anything compiles.
@Suite struct ScenarioTrustTests {
    /// A folder like a downloaded archive or a shared /tmp folder: a payload, a scenario naming a
    /// type, and a model whose code would run.
    static func plantedScenario() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ce-scenario-trust-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(#"{"name": "x"}"#.utf8).write(to: dir.appendingPathComponent("payload.json"))
        try Data(#"{"type": "Report"}"#.utf8).write(to: dir.appendingPathComponent("scenario.json"))
        try Data(
            """
            import Foundation
            struct Report: Decodable {
                init(from decoder: any Decoder) throws { _ = system("touch \(dir.path)/ran") }
            }
            """.utf8
        ).write(to: dir.appendingPathComponent("Models.swift"))
        return dir
    }

    static func launch(_ arguments: [String], payload: String) throws -> ExplorerLaunch {
        let command = try Explore.parse(arguments)
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: payload)))
        return try ExplorerLaunch.prepare(command.request, payloadPath: payload, bytes: bytes)
    }

    @Test func aScenarioBesideAPayloadElsewhereBringsNoModel() throws {
        let dir = try Self.plantedScenario()
        defer { try? FileManager.default.removeItem(at: dir) }
        let payload = dir.appendingPathComponent("payload.json").path
        let launch = try Self.launch([payload], payload: payload)
        #expect(launch.state.decode.setup.modelPaths.isEmpty)
        #expect(launch.state.decode.setup.typeExpression == nil)
        #expect(!launch.initialActions.contains(.redecode))
    }

    @Test func aScenarioTheUserNamesIsUsed() throws {
        let dir = try Self.plantedScenario()
        defer { try? FileManager.default.removeItem(at: dir) }
        let payload = dir.appendingPathComponent("payload.json").path
        let scenario = dir.appendingPathComponent("scenario.json").path
        let launch = try Self.launch([payload, "--scenario", scenario], payload: payload)
        #expect(launch.state.decode.setup.modelPaths == [dir.appendingPathComponent("Models.swift").path])
        #expect(launch.state.decode.setup.typeExpression == "Report")
        #expect(launch.initialActions.contains(.redecode))
    }

    @Test func theToolsOwnSampleBringsItsScenario() throws {
        let payload = Repository.root.appendingPathComponent("SamplePayloads/05-key-path/payload.json").path
        let launch = try Self.launch([payload], payload: payload)
        #expect(
            launch.state.decode.setup.modelPaths == [Repository.root.appendingPathComponent("SamplePayloads/05-key-path/Models.swift").path]
        )
        #expect(launch.state.decode.setup.typeExpression != nil)
    }

    /// The samples are found from the executable's build (a folder with Package.swift above it), or
    /// under `PREFIX/share` beside an installed `PREFIX/bin`; never in the working directory, and
    /// never in a folder another user can write.
    @Test func samplesAreTheBuildsOrTheInstallsOnly() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ce-samples-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: dir) }
        let checkout = dir.appendingPathComponent("checkout")
        let samples = checkout.appendingPathComponent("SamplePayloads/01-basics")
        try FileManager.default.createDirectory(at: samples, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: samples.appendingPathComponent("payload.json"))
        let executable = checkout.appendingPathComponent(".build/debug/codable-explorer")
        try FileManager.default.createDirectory(at: executable.deletingLastPathComponent(), withIntermediateDirectories: true)
        // No Package.swift: a SamplePayloads folder alone is not the tool's.
        #expect(SamplePayloads.folder(executable: executable.path) == nil)
        try Data("// swift-tools-version: 6.0".utf8).write(to: checkout.appendingPathComponent("Package.swift"))
        #expect(SamplePayloads.folder(executable: executable.path)?.path == checkout.appendingPathComponent("SamplePayloads").path)
        // A samples folder others can write is not the tool's own.
        chmod(checkout.appendingPathComponent("SamplePayloads").path, 0o777)
        #expect(SamplePayloads.folder(executable: executable.path) == nil)
        chmod(checkout.appendingPathComponent("SamplePayloads").path, 0o755)
        // An installed binary: PREFIX/share/codable-explorer/SamplePayloads.
        let prefix = dir.appendingPathComponent("prefix")
        let shared = prefix.appendingPathComponent("share/codable-explorer/SamplePayloads/01-basics")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: shared.appendingPathComponent("payload.json"))
        let installed = prefix.appendingPathComponent("bin/codable-explorer").path
        #expect(
            SamplePayloads.folder(executable: installed)?.path
                == prefix.appendingPathComponent("share/codable-explorer/SamplePayloads").path)
    }

    /// With no arguments, run in a folder that holds a SamplePayloads of someone else's: the tool
    /// opens its own sample, not that folder's.
    @Test func theWorkingDirectorysSamplesAreNeverTheTour() throws {
        let dir = try Self.plantedScenario()
        defer { try? FileManager.default.removeItem(at: dir) }
        let planted = dir.appendingPathComponent("SamplePayloads/01-basics")
        try FileManager.default.createDirectory(at: planted, withIntermediateDirectories: true)
        for name in ["scenario.json", "Models.swift"] {
            try FileManager.default.copyItem(at: dir.appendingPathComponent(name), to: planted.appendingPathComponent(name))
        }
        try Data(#"{"plantedKey": 1}"#.utf8).write(to: planted.appendingPathComponent("payload.json"))
        let result = try ProcessRunner.run(BuiltProduct.codableExplorer, ["outline"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stdout.contains("plantedKey"))
        #expect(result.stdout.contains("products"), "\(result.stdout)")
    }
}

/// `fix --apply 2,4,5` decodes the merged model from a copy: a folder only the user can enter, under a
/// name nobody can guess, in the temporary folder (it was `/tmp/fix-together-UUID`, 0755, its files
/// 0644: another user read a secret comment of a 0700 project).
@Suite struct MergedFixPrivacyTests {
    @Test func theMergedModelIsCopiedIntoAPrivateFolder() throws {
        let project = FileManager.default.temporaryDirectory.appendingPathComponent("ce-merged-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: project.appendingPathComponent("Models"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: project) }
        let model = project.appendingPathComponent("Models/Item.swift")
        try Data("// secret\nstruct Item: Decodable { let count: Int }\n".utf8).write(to: model)
        let folder = try FixRun.mergedModelFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let other = try FixRun.mergedModelFolder()
        try? FileManager.default.removeItem(at: other)
        #expect(folder.path != other.path)
        #expect(
            folder.deletingLastPathComponent().standardizedFileURL.path == FileManager.default.temporaryDirectory.standardizedFileURL.path)
        var info = stat()
        #expect(lstat(folder.path, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700 && info.st_uid == geteuid())
        let copies = try FixRun.copies(of: [project.appendingPathComponent("Models").path], with: [], in: folder)
        #expect(copies.allSatisfy { $0.hasPrefix(folder.path + "/") })
        let copied = folder.appendingPathComponent("0/Item.swift")
        #expect(try String(contentsOf: copied, encoding: .utf8).hasPrefix("// secret"))
    }
}
