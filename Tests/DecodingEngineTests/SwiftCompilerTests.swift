import Foundation
import TestSupport
import Testing

@testable import DecodingEngine

/// Finding the user's swiftc leaves nothing in the shared temporary folder: swiftc's driver makes
/// a `TemporaryDirectory.XXXXXX` there even for `--version`, and never removes it.
@Suite struct SwiftCompilerTests {
    @Test("swiftc --version runs with its temporary folder in the private cache, removed after")
    func theVersionQueryKeepsItsTemporaryFilesPrivate() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("swiftc-tmp-" + UUID().uuidString)
        try PrivateFolder.ensure(folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A stand-in for swiftc: it leaves a folder where it was told to keep temporary files, as the
        // driver does, and its version is that place.
        let script = folder.appendingPathComponent("swiftc")
        try ExecutableScript.write("mkdir \"$TMPDIR/TemporaryDirectory.left\" && echo \"$TMPDIR\"\n", to: script)
        let cache = folder.appendingPathComponent("cache")
        let compiler = try #require(SwiftCompiler.find(environment: ["SWIFTC": script.path, "PATH": ""], cache: cache))
        #expect(compiler.version.hasPrefix(cache.path + "/"), "swiftc kept its temporary files in \(compiler.version)")
        #expect(!FileManager.default.fileExists(atPath: compiler.version))
    }
}
