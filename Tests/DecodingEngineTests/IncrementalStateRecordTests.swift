import Foundation
import Testing

@testable import DecodingEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What swiftc keeps between incremental builds (`incremental/<key>/state/`: the objects it links
/// again unchanged) is covered by a record (``IncrementalBuild/stateRecord``), issue 34: an object
/// planted or changed there between builds is never linked into a runner; the state is cleared and
/// the runner built from nothing, with the model's own answer.
@Suite struct IncrementalStateRecordTests {
    typealias Folder = IncrementalBuildTests.Folder

    /// Root.swift, decoding its leaf, then (`planted`) throwing: two objects for the same file whose
    /// symbols are the same, so either links with the other files.
    static func writeRoot(_ folder: Folder, planted: Bool) throws {
        let text = """
            struct Root: Decodable {
                let leaf: Leaf
                enum CodingKeys: CodingKey { case leaf }
                init(from decoder: Decoder) throws {
                    let c = try decoder.container(keyedBy: CodingKeys.self)
                    leaf = try c.decode(Leaf.self, forKey: .leaf)
                    \(planted ? #"throw DecodingError.dataCorruptedError(forKey: .leaf, in: c, debugDescription: "planted")"# : "")
                }
            }

            """
        try text.write(toFile: folder.root, atomically: true, encoding: .utf8)
    }

    /// The build folder's state folder and its record.
    static func state(_ folder: Folder) throws -> (state: URL, record: URL) {
        let build = try folder.object(of: folder.root).deletingLastPathComponent().deletingLastPathComponent()
        return (build.appendingPathComponent("state"), build.appendingPathComponent("state.record"))
    }

    @Test("after a build, the record names every file swiftc kept, with its size and hash")
    func theRecordCoversTheState() throws {
        let folder = try Folder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        #expect(try folder.check(leafDecodes: "Int").ok)
        let (state, recordFile) = try Self.state(folder)
        let recorded = try JSONDecoder().decode([String: BuildRecord].self, from: Data(contentsOf: recordFile))
        let names = try FileManager.default.contentsOfDirectory(atPath: state.path)
        #expect(Set(recorded.keys) == Set(names))
        #expect(names.contains { $0.hasSuffix(".o") })
        for name in names { #expect(recorded[name] == BuildRecord.of(state.appendingPathComponent(name)), "\(name)") }
        #expect(ScratchFolder.mode(recordFile.path) == 0o600)
    }

    @Test("an object changed between builds is never linked: the state is cleared and the model's own answer comes back")
    func aChangedObjectIsNeverLinked() throws {
        let folder = try Folder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        // The object someone else would plant: Root compiled to throw.
        try Self.writeRoot(folder, planted: true)
        #expect(try folder.check(leafDecodes: "Int").errors.first?.debugDescription == "planted")
        let rootObject = try folder.object(of: folder.root)
        let plantedObject = try Data(contentsOf: rootObject)
        // The user's model: Root decodes.
        try Self.writeRoot(folder, planted: false)
        #expect(try folder.check(leafDecodes: "Int").ok)
        // Root's object replaced between builds; an edit of Leaf alone, so swiftc would link Root's object as it is.
        try plantedObject.write(to: rootObject)
        let edited = try folder.check(leafDecodes: "Double")
        #expect(edited.ok, "the planted object was linked: \(edited.errors.map(\.debugDescription))")
        #expect(try Data(contentsOf: rootObject) != plantedObject, "Root.swift was compiled again")
    }

    @Test("a file planted in the state, which no record names, clears the state: the build is from nothing")
    func aPlantedFileClearsTheState() throws {
        let folder = try Folder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        #expect(try folder.check(leafDecodes: "Int").ok)
        let (state, _) = try Self.state(folder)
        let rootObject = try folder.object(of: folder.root)
        let rootBuilt = try folder.modified(rootObject)
        let planted = state.appendingPathComponent("planted.o")
        try Data("planted".utf8).write(to: planted)
        #expect(try folder.check(leafDecodes: "Double").ok)
        #expect(!ScratchFolder.exists(planted.path), "the state was cleared")
        #expect(try folder.modified(rootObject) > rootBuilt, "Root.swift, unchanged, was compiled again: a build from nothing")
    }

    @Test("a state whose record is missing, or is a link, is cleared before the next build")
    func anUntrustedRecordClearsTheState() throws {
        let folder = try Folder()
        defer { try? FileManager.default.removeItem(at: folder.url) }
        #expect(try folder.check(leafDecodes: "Int").ok)
        let (_, recordFile) = try Self.state(folder)
        let rootObject = try folder.object(of: folder.root)
        let copy = folder.url.appendingPathComponent("state.record.copy")
        try FileManager.default.copyItem(at: recordFile, to: copy)
        try FileManager.default.removeItem(at: recordFile)
        #expect(symlink(copy.path, recordFile.path) == 0)
        let rootBuilt = try folder.modified(rootObject)
        #expect(try folder.check(leafDecodes: "Double").ok)
        #expect(try folder.modified(rootObject) > rootBuilt, "a record that is a link is no record: built from nothing")
        // The build wrote its own record again: the next edit is incremental.
        #expect(PrivateFolder.isTrustedFile(recordFile))
        let again = try folder.modified(rootObject)
        #expect(try folder.check(leafDecodes: "String").errors.first?.kind == .typeMismatch)
        #expect(try folder.modified(rootObject) == again, "Root.swift did not change: not compiled again")
    }
}
