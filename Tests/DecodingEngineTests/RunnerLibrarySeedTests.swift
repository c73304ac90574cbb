import Foundation
import JSONTree
import ModelSchema
import Testing

@testable import DecodingEngine

/// The runner library is installed from the tool's own build when that build made it from the
/// embedded source with the user's compiler (``RunnerLibrarySeed``), and a runner linked against it
/// answers exactly as one linked against the library compiled in the cache; anything that is not
/// that build is refused, and the library is compiled as before.
@Suite("The runner library seeded from the tool's own build", .serialized)
struct RunnerLibrarySeedTests {
    static func compiler() throws -> SwiftCompiler { try #require(SwiftCompiler.find(), "no swiftc") }

    static func folder(_ prefix: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-" + UUID().uuidString)
        try PrivateFolder.ensure(folder)
        return folder
    }

    @Test("a first compile in an empty cache says no library build, and answers as the compiled library does, case by case")
    func seededAnswersAsCompiled() throws {
        let compiler = try Self.compiler()
        let folder = try Self.folder("seed-differential")
        defer { try? FileManager.default.removeItem(at: folder) }
        // The test binary lies in the build folder of this package, where SwiftPM built the target.
        #expect(RunnerLibrarySeed.find(in: RunnerLibrarySeed.toolBuildFolder, compiler: compiler) != nil)
        let seededCache = folder.appendingPathComponent("seeded"), compiledCache = folder.appendingPathComponent("compiled")
        try PrivateFolder.ensure(seededCache)
        try PrivateFolder.ensure(compiledCache)
        #expect(!RunnerLibrary(folder: seededCache, compiler: compiler).needsCompile)
        let unseeded = RunnerLibrary(folder: compiledCache, compiler: compiler, seedFolders: [])
        #expect(unseeded.needsCompile)
        _ = try unseeded.built()
        let seeded = try RunnerLibrary(folder: seededCache, compiler: compiler).built()
        let compiled = try unseeded.built()
        // Two different builds of one library (the seed is SwiftPM's, with its own flags), under one key.
        #expect(seeded.lastPathComponent == compiled.lastPathComponent)
        #expect(
            BuildRecord.of(seeded.appendingPathComponent("libCodableExplorerRunner.a"))
                != BuildRecord.of(compiled.appendingPathComponent("libCodableExplorerRunner.a")))

        let modelPath = folder.appendingPathComponent("HandWritten.swift").path
        let text = try String(
            contentsOf: CompiledTraceDifferentialTests.fixtures.appendingPathComponent("HandWritten.swift"), encoding: .utf8)
        try text.write(toFile: modelPath, atomically: true, encoding: .utf8)
        let models = [ModelSource(path: modelPath, text: text)]
        let cases = CompiledTraceDifferentialTests.handWrittenCases
        let plainTypes = Array(Set(cases.filter { $0.decoder == nil }.map(\.type))).sorted()
        let appTypes = Array(Set(cases.filter { $0.decoder != nil }.map(\.type))).sorted()
        func decoders(_ cache: URL) -> (plain: CompiledDecoder, app: CompiledDecoder) {
            (
                CompiledDecoder(models: models, typeExpressions: plainTypes, cacheFolder: cache),
                CompiledDecoder(models: models, typeExpressions: appTypes, decoderExpression: "makeDecoder()", cacheFolder: cache)
            )
        }
        let (seededDecoders, compiledDecoders) = (decoders(seededCache), decoders(compiledCache))
        for (i, c) in cases.enumerated() {
            let bytes = Array(c.payload.utf8)
            let payloadPath = folder.appendingPathComponent("payload-\(i).json").path
            try Data(bytes).write(to: URL(fileURLWithPath: payloadPath))
            let tree = try JSONTree.parse(bytes)
            for traces in [false, true] {
                let mine = try (c.decoder == nil ? seededDecoders.plain : seededDecoders.app).decode(
                    c.type, payloadPath: payloadPath, tree: tree, options: DecodeOptions(), traces: traces)
                let theirs = try (c.decoder == nil ? compiledDecoders.plain : compiledDecoders.app).decode(
                    c.type, payloadPath: payloadPath, tree: tree, options: DecodeOptions(), traces: traces)
                #expect(CompiledTraceDifferentialTests.line(mine) == CompiledTraceDifferentialTests.line(theirs), "\(c.type) \(c.payload)")
                #expect(mine.value == theirs.value, "\(c.type) \(c.payload)")
                #expect(mine.nodeStatus == theirs.nodeStatus, "\(c.type) \(c.payload)")
            }
        }
    }

    @Test("an installed copy finds its way back: the build folder the tool remembers is the one it was built in")
    func theRememberedBuildFolderIsThisBuild() throws {
        let compiler = try Self.compiler()
        let scratch = URL(fileURLWithPath: try #require(RunnerLibrarySource.scratchFolder, "the plugin did not find the build folder"))
        let products = ["release", "debug"].map { scratch.appendingPathComponent($0).resolvingSymlinksInPath() }
        // This test binary lies in one of them; a copy of it elsewhere would look there, and find the seed.
        let here = try #require(RunnerLibrarySeed.toolBuildFolder)
        #expect(products.map(\.path).contains(here.path))
        #expect(RunnerLibrarySeed.find(inAny: products, compiler: compiler) != nil)
        #expect(RunnerLibrarySeed.toolBuildFolders(environment: [:]).map(\.path).contains(here.path))
        // Switched off (the benchmark's installed binary without its build), nothing is looked for.
        #expect(RunnerLibrarySeed.toolBuildFolders(environment: [RunnerLibrarySeed.switchVariable: "off"]).isEmpty)
    }

    /// A copy of this package's build of the target (its objects, module and output file map, the
    /// map pointing at copies of the sources), to take apart.
    struct FakeBuild {
        let root: URL
        let sources: URL

        init(in folder: URL) throws {
            let real = try #require(RunnerLibrarySeed.toolBuildFolder)
            let name = RunnerLibrary.moduleName
            root = folder.appendingPathComponent("build")
            sources = folder.appendingPathComponent("Sources")
            let target = root.appendingPathComponent("\(name).build")
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: root.appendingPathComponent("Modules"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
            let map = try JSONDecoder().decode(
                [String: [String: String]].self,
                from: Data(contentsOf: real.appendingPathComponent("\(name).build/output-file-map.json")))
            var copied: [String: [String: String]] = [:]
            for (source, outputs) in map where !source.isEmpty {
                let file = URL(fileURLWithPath: source).lastPathComponent
                let object = try #require(outputs["object"])
                try FileManager.default.copyItem(at: URL(fileURLWithPath: source), to: sources.appendingPathComponent(file))
                try FileManager.default.copyItem(
                    at: URL(fileURLWithPath: object), to: target.appendingPathComponent(URL(fileURLWithPath: object).lastPathComponent))
                copied[sources.appendingPathComponent(file).path] = [
                    "object": target.appendingPathComponent(URL(fileURLWithPath: object).lastPathComponent).path
                ]
            }
            try JSONEncoder().encode(copied).write(to: target.appendingPathComponent("output-file-map.json"))
            try FileManager.default.copyItem(
                at: real.appendingPathComponent("Modules/\(name).swiftmodule"),
                to: root.appendingPathComponent("Modules/\(name).swiftmodule"))
            // Sources an hour ago, what was built from them now.
            for file in try FileManager.default.contentsOfDirectory(atPath: sources.path) {
                try FileManager.default.setAttributes(
                    [.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: sources.appendingPathComponent(file).path)
            }
        }

        var mapFile: URL { root.appendingPathComponent("\(RunnerLibrary.moduleName).build/output-file-map.json") }
    }

    @Test("a build that is not the embedded source's, is older than its source, or is another compiler's is refused")
    func whatIsNotTheEmbeddedSourcesBuildIsRefused() throws {
        let compiler = try Self.compiler()
        let folder = try Self.folder("seed-refusals")
        defer { try? FileManager.default.removeItem(at: folder) }
        func seeded(_ change: (FakeBuild) throws -> Void, compiler given: SwiftCompiler? = nil) throws -> Bool {
            let case_ = folder.appendingPathComponent(UUID().uuidString)
            let build = try FakeBuild(in: case_)
            try change(build)
            return RunnerLibrarySeed.find(in: build.root, compiler: given ?? compiler) != nil
        }
        // The copy as it is: seeded (so each refusal below is the change's doing).
        #expect(try seeded { _ in })
        let tracer = "Tracer.swift"
        // A source edited since the tool was built.
        #expect(
            try !seeded { build in
                let file = build.sources.appendingPathComponent(tracer)
                try (String(contentsOf: file, encoding: .utf8) + "\n// edited\n").write(to: file, atomically: true, encoding: .utf8)
                try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: file.path)
            })
        // The same text, saved after the objects were made (an edit reverted, not yet built).
        #expect(
            try !seeded { build in
                try FileManager.default.setAttributes(
                    [.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: build.sources.appendingPathComponent(tracer).path)
            })
        // A file the embedded source does not have, compiled into the target.
        #expect(
            try !seeded { build in
                var map = try JSONDecoder().decode([String: [String: String]].self, from: Data(contentsOf: build.mapFile))
                let extra = build.sources.appendingPathComponent("Extra.swift")
                try "let extra = 1\n".write(to: extra, atomically: true, encoding: .utf8)
                map[extra.path] = map.values.first
                try JSONEncoder().encode(map).write(to: build.mapFile)
            })
        // An object missing.
        #expect(
            try !seeded { build in
                let map = try JSONDecoder().decode([String: [String: String]].self, from: Data(contentsOf: build.mapFile))
                try FileManager.default.removeItem(atPath: try #require(map.values.first?["object"]))
            })
        // Another compiler than the one that wrote the module.
        #expect(
            try !seeded(
                { _ in },
                compiler: SwiftCompiler(
                    executable: compiler.executable, version: "Swift version 6.9 (swift-6.9-RELEASE)\nTarget: x86_64-unknown-linux-gnu")))
        // A folder that is no build (an installed binary's folder).
        #expect(RunnerLibrarySeed.find(in: folder, compiler: compiler) == nil)
    }

    @Test("an object written again while the seed is copied (a swift build meanwhile) is not installed")
    func anObjectRewrittenWhileCopiedIsRefused() throws {
        let compiler = try Self.compiler()
        let folder = try Self.folder("seed-race")
        defer { try? FileManager.default.removeItem(at: folder) }
        let build = try FakeBuild(in: folder.appendingPathComponent("build-copy"))
        func fill(_ seed: RunnerLibrarySeed, _ name: String) throws -> Bool {
            let product = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: product, withIntermediateDirectories: false)
            return seed.fill(
                archive: product.appendingPathComponent("lib.a"), moduleFile: product.appendingPathComponent("M.swiftmodule"),
                compiler: compiler, work: folder)
        }
        let seed = try #require(RunnerLibrarySeed.find(in: build.root, compiler: compiler))
        #expect(try fill(seed, "untouched"))
        // The same object, written again after it was checked (its time moves, as a rewrite moves it).
        let object = try #require(seed.objects.first)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 5)], ofItemAtPath: object.path)
        #expect(try !fill(seed, "rewritten"))
    }
}
