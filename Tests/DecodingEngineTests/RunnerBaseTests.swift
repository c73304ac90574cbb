import Foundation
import JSONTree
import ModelSchema
import TestSupport
import Testing

@testable import DecodingEngine

/// On Linux a runner of loose model files links one shared base: the runner library and the
/// toolchain's static Swift libraries (``RunnerBase``), not the toolchain's shared libraries. It
/// answers as Foundation does; a base changed after its build is never loaded (the runner is built
/// again, and the base with it); a model that needs a library the base does not hold is linked as before.
@Suite struct RunnerBaseTests {
    /// A model folder in a cache of its own (the runner library copied in, ``SeededRunnerCache``).
    struct Folder {
        let cache: URL

        init() throws { cache = try SeededRunnerCache.make(prefix: "runner-base") }

        /// Decodes `payload` as `type` with the model `text`, and gives the report, the runner and its record.
        func decode(_ text: String, type: String, payload: String) throws -> (report: DecodeReport, runner: URL, record: BuildRecord) {
            let model = cache.appendingPathComponent("Model.swift").path
            try text.write(toFile: model, atomically: true, encoding: .utf8)
            let file = cache.appendingPathComponent("payload-\(UUID().uuidString).json").path
            try payload.write(toFile: file, atomically: true, encoding: .utf8)
            var decoder = CompiledDecoder(models: [ModelSource(path: model, text: text)], typeExpressions: [type], cacheFolder: cache)
            decoder.prepared = try decoder.prepare().executable
            let runner = try #require(decoder.prepared)
            let report = try decoder.decode(
                type, payloadPath: file, tree: try JSONTree.parse(Array(payload.utf8)), options: DecodeOptions())
            let record = try JSONDecoder().decode(BuildRecord.self, from: try Data(contentsOf: BuildRecord.file(for: runner)))
            return (report, runner, record)
        }

        /// What the dynamic loader will load for `runner`: its needed libraries (`readelf -d`).
        func neededLibraries(_ runner: URL) throws -> [String] {
            let run = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/readelf"), ["-d", runner.path])
            return run.stdout.split(separator: "\n").compactMap { line in
                guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else {
                    return nil
                }
                return String(line[line.index(after: open)..<close])
            }
        }

        func remove() { try? FileManager.default.removeItem(at: cache) }
    }

    /// Whether this machine's toolchain can build a base (Linux, with its static libraries).
    static let baseIsAvailable: Bool = {
        #if os(Linux)
        SwiftCompiler.find().flatMap(RunnerBase.toolchain(of:)) != nil
        #else
        false
        #endif
    }()

    static let model = """
        import Foundation

        struct Event: Decodable {
            let id: Int
            let at: Date
            let tags: [String: Int]
            enum CodingKeys: String, CodingKey { case id, at, tags }
            init(from decoder: Decoder) throws {
                let c = try decoder.container(keyedBy: CodingKeys.self)
                id = try c.decode(Int.self, forKey: .id)
                at = try c.decode(Date.self, forKey: .at)
                tags = try c.decodeIfPresent([String: Int].self, forKey: .tags) ?? [:]
            }
        }

        """

    static let payloads = [
        #"{"id": 1, "at": 12.5, "tags": {"a": 1}}"#, #"{"id": "1", "at": 12.5}"#, #"{"at": 12.5}"#,
        #"{"id": 1, "at": 2, "tags": {"a": 1.5}}"#,
    ]

    @Test(.enabled(if: Self.baseIsAvailable))
    func aLooseModelsRunnerLinksTheBaseAndAnswersAsFoundation() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let oracle = try FoundationOracle.verdicts(
            files: ["Model.swift": Self.model], cases: Self.payloads.map { FoundationOracle.Case(type: "Event", payload: .text($0)) })
        for (payload, truth) in zip(Self.payloads, oracle) {
            let (report, runner, record) = try folder.decode(Self.model, type: "Event", payload: payload)
            #expect(report.ok == truth.ok, "\(payload): \(report.errors) against \(truth)")
            #expect(report.errors.first?.debugDescription == truth.fields["debugDescription"] as? String, "\(payload)")
            #expect(report.errors.first.map { $0.codingPath.count } == (truth.ok ? nil : truth.codingPath.count), "\(payload)")
            let base = try #require(record.links?.base, "the runner links the base")
            #expect(try folder.neededLibraries(runner).contains(RunnerBase.fileName))
            #expect(try !folder.neededLibraries(runner).contains { $0.hasPrefix("libswiftCore") || $0.hasPrefix("libFoundation") })
            #expect(RunnerBase.isTrusted(URL(fileURLWithPath: base)))
        }
    }

    /// A base changed after its build (a byte more, or another file of the same size renamed over
    /// it) is not loaded: the runner that links it is built again, with a base built again.
    @Test(.enabled(if: Self.baseIsAvailable))
    func aChangedBaseIsNotLoadedAndIsBuiltAgain() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let first = try folder.decode(Self.model, type: "Event", payload: Self.payloads[0])
        let base = URL(fileURLWithPath: try #require(first.record.links?.base))
        let handle = try FileHandle(forWritingTo: base)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data([0]))
        try handle.close()
        #expect(!RunnerBase.isTrusted(base))
        #expect(BuildRecord.check(first.runner) != .trusted, "a runner is not trusted without its base")
        let again = try folder.decode(Self.model, type: "Event", payload: Self.payloads[1])
        #expect(again.report.errors.first?.debugDescription == "Expected to decode Int but found a string instead.")
        #expect(again.record.links?.base == base.path)
        #expect(RunnerBase.isTrusted(base))
        // Same size, other bytes, renamed over it: its identity changed, so it is hashed, and refused.
        let copy = base.deletingLastPathComponent().appendingPathComponent("swapped")
        var bytes = try Data(contentsOf: base)
        bytes[bytes.count / 2] ^= 0xff
        try bytes.write(to: copy)
        #expect(rename(copy.path, base.path) == 0)
        #expect(!RunnerBase.isTrusted(base))
    }

    /// A model that imports a library the base does not hold (Observation) is linked to the
    /// toolchain's libraries, as every runner was, and decodes.
    @Test(.enabled(if: Self.baseIsAvailable))
    func aModelNeedingALibraryTheBaseLacksIsLinkedAsBefore() throws {
        let folder = try Folder()
        defer { folder.remove() }
        let model = """
            import Foundation
            import Observation

            struct Watched: Decodable {
                let id: Int
                init(from decoder: Decoder) throws {
                    _ = ObservationRegistrar()
                    id = try decoder.container(keyedBy: Key.self).decode(Int.self, forKey: .id)
                }
                enum Key: String, CodingKey { case id }
            }

            """
        let (report, runner, record) = try folder.decode(model, type: "Watched", payload: #"{"id": "x"}"#)
        #expect(report.errors.first?.debugDescription == "Expected to decode Int but found a string instead.")
        #expect(record.links == nil)
        #expect(try folder.neededLibraries(runner).contains { $0.hasPrefix("libswiftCore") })
    }

    /// A cache keeps the two most recently built bases (each tool version or toolchain builds its
    /// own, 78 MB); older ones go, but never one built in the last ten minutes.
    @Test func aCacheKeepsTheNewestBasesOnly() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("bases-" + UUID().uuidString)
        try PrivateFolder.ensure(cache)
        defer { try? FileManager.default.removeItem(at: cache) }
        let ages: [String: Double] = ["base-a": 4000, "base-b": 500, "base-c": 300, "base-d": 60]
        for (name, age) in ages {
            let folder = cache.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            let record = BuildRecord.file(for: folder.appendingPathComponent(RunnerBase.fileName))
            try Data("{}".utf8).write(to: record)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: record.path)
        }
        RunnerBase.prune(in: cache)
        // The two newest stay, and a third built nine minutes ago; the one built an hour ago goes.
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.path).sorted() == ["base-b", "base-c", "base-d"])
    }

    /// A file found as its record says, once settled, is trusted by its identity in the next process
    /// too (`NAME.identity` beside its record); a rewrite of the same size under it is not.
    @Test func aSettledFileIsTrustedByItsIdentityUntilItChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("identity-" + UUID().uuidString)
        try PrivateFolder.ensure(folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("built")
        let output = folder.appendingPathComponent("output")
        try Data(repeating: 7, count: 4096).write(to: output)
        try BuildRecord.install(output, at: file, record: BuildRecord.file(for: file))
        // Its modification time set back: a rewrite within the clock's tick still changes the identity.
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: file.path)
        let identity = file.appendingPathExtension("identity")
        #expect(BuildRecord.check(file, remembering: true, settledAfter: 0) == .trusted)
        #expect(FileManager.default.fileExists(atPath: identity.path))
        #expect(BuildRecord.check(file, remembering: true, settledAfter: 0) == .trusted)
        // Rewritten in place, same size: its change time moved, so it is hashed again, and refused.
        let handle = try FileHandle(forWritingTo: file)
        try handle.write(contentsOf: Data([8]))
        try handle.close()
        #expect(BuildRecord.check(file, remembering: true, settledAfter: 0) != .trusted)
        // A file not yet settled is trusted when it hashes right, but its identity is not kept.
        let fresh = folder.appendingPathComponent("fresh")
        try Data(repeating: 9, count: 64).write(to: output)
        try BuildRecord.install(output, at: fresh, record: BuildRecord.file(for: fresh))
        #expect(BuildRecord.check(fresh, remembering: true) == .trusted)
        #expect(!FileManager.default.fileExists(atPath: fresh.appendingPathExtension("identity").path))
    }
}
