import Foundation
import JSONTree
import ModelSchema
import Testing

@testable import DecodingEngine

/// A model folder's runner is built incrementally (``IncrementalBuild``): after an edit of one file,
/// swiftc compiles that file again, not the others, and the runner gives the edited code's answer;
/// a build folder left broken is built again from nothing, with the same answer.
@Suite struct IncrementalBuildTests {
    struct Folder {
        let url: URL
        let payload: String
        var cache: URL { url.appendingPathComponent("cache") }
        var root: String { url.appendingPathComponent("Root.swift").path }
        var leaf: String { url.appendingPathComponent("Leaf.swift").path }

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("incremental-" + UUID().uuidString)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            payload = url.appendingPathComponent("payload.json").path
            try #"{"leaf": {"x": 1}}"#.write(toFile: payload, atomically: true, encoding: .utf8)
            try "struct Root: Decodable { let leaf: Leaf }\n".write(toFile: root, atomically: true, encoding: .utf8)
        }

        /// Writes Leaf.swift, whose `init(from:)` decodes `x` as `type` (an edit inside a body,
        /// which changes no other file's view of Leaf), and checks the payload against `Root`.
        func check(leafDecodes type: String) throws -> DecodeReport {
            let text = """
                struct Leaf: Decodable {
                    let x: Int
                    enum CodingKeys: CodingKey { case x }
                    init(from decoder: Decoder) throws {
                        let c = try decoder.container(keyedBy: CodingKeys.self)
                        _ = try c.decode(\(type).self, forKey: .x)
                        x = 0
                    }
                }

                """
            try text.write(toFile: leaf, atomically: true, encoding: .utf8)
            let models = [root, leaf].map { ModelSource(path: $0, text: try! String(contentsOfFile: $0, encoding: .utf8)) }
            let decoder = CompiledDecoder(models: models, typeExpressions: ["Root"], cacheFolder: cache)
            let tree = try JSONTree.parse(Array(try Data(contentsOf: URL(fileURLWithPath: payload))))
            return try decoder.decode("Root", payloadPath: payload, tree: tree, options: DecodeOptions())
        }

        /// The object swiftc keeps for a model file in the build's folder (compiled from the copy of
        /// its text there, at its position among the models).
        func object(of source: String) throws -> URL {
            let builds = cache.appendingPathComponent("incremental")
            let names = try FileManager.default.contentsOfDirectory(atPath: builds.path)
            try #require(names.count == 1, "one build folder for one set of files")
            let build = builds.appendingPathComponent(names[0])
            let position = try #require([root, leaf].firstIndex(of: source))
            let copy = build.appendingPathComponent("models/\(position)/" + (source as NSString).lastPathComponent).path
            return build.appendingPathComponent("state/file-\(RunnerCache.key([copy])).o")
        }

        func modified(_ file: URL) throws -> Date {
            try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date)
        }
    }

    @Test("an edit of one file: only that file compiled again, and the edited code's answer")
    func anEditCompilesThatFile() throws {
        let folder = try Folder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        #expect(try folder.check(leafDecodes: "Int").ok)
        let rootObject = try folder.object(of: folder.root), leafObject = try folder.object(of: folder.leaf)
        let (rootBuilt, leafBuilt) = (try folder.modified(rootObject), try folder.modified(leafObject))
        let edited = try folder.check(leafDecodes: "String")
        #expect(edited.errors.first?.kind == .typeMismatch)
        #expect(edited.errors.first?.codingPath == [.key("leaf"), .key("x")])
        #expect(try folder.modified(rootObject) == rootBuilt, "Root.swift did not change: not compiled again")
        #expect(try folder.modified(leafObject) > leafBuilt, "Leaf.swift changed: compiled again")
        #expect(try folder.check(leafDecodes: "Int").ok)
    }

    @Test("a save while the model is compiled: the runner is the text it is keyed by, never the file as it is then")
    func theRunnerIsTheTextItIsKeyedBy() throws {
        let folder = try Folder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        // The model as read (Leaf decodes x as Int), then saved again (as String) before the compile.
        _ = try folder.check(leafDecodes: "String")
        let read = try String(contentsOfFile: folder.leaf, encoding: .utf8).replacingOccurrences(of: "String.self", with: "Int.self")
        let models = [
            ModelSource(path: folder.root, text: try String(contentsOfFile: folder.root, encoding: .utf8)),
            ModelSource(path: folder.leaf, text: read),
        ]
        let tree = try JSONTree.parse(Array(try Data(contentsOf: URL(fileURLWithPath: folder.payload))))
        let asRead = try CompiledDecoder(models: models, typeExpressions: ["Root"], cacheFolder: folder.cache)
            .decode("Root", payloadPath: folder.payload, tree: tree, options: DecodeOptions())
        #expect(asRead.ok, "the text read decodes x as Int: \(asRead.errors)")
        // The saved text is what the next read gives; its runner is its own.
        #expect(try folder.check(leafDecodes: "String").errors.first?.kind == .typeMismatch)
    }

    @Test("a build folder whose object was cut short: built again from nothing, the same answer")
    func aBrokenObjectIsBuiltAgain() throws {
        let folder = try Folder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        #expect(try folder.check(leafDecodes: "Int").ok)
        // Root.swift is unchanged, so swiftc would link its object as it is.
        try Data("not an object".utf8).write(to: try folder.object(of: folder.root))
        let edited = try folder.check(leafDecodes: "Double")
        #expect(edited.ok, "\(edited.errors)")
        #expect(try folder.check(leafDecodes: "String").errors.first?.kind == .typeMismatch)
    }
}
