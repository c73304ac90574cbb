import Foundation
import TestSupport
import Testing

/// `install PREFIX` as a user runs it after `swift build -c release`: the binary in PREFIX/bin, and
/// the runner library beside it, so that the installed binary's first compiled check, its build
/// folder gone, compiles only the model (held by a stand-in swiftc that logs every call) and answers
/// as the build's own binary does.
@Suite("install", .serialized)
struct InstallCommandTests {
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("install-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        return folder
    }

    @Test("the installed binary, its build gone, compiles only the model on its first check and answers as the build's binary")
    func installedBinaryCompilesOnlyTheModel() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = dir.appendingPathComponent("swiftc.log"), swiftc = dir.appendingPathComponent("swiftc")
        try ExecutableScript.write("printf '%s\\n' \"$*\" >> '\(log.path)'\nexec '\(Swiftc.path)' \"$@\"\n", to: swiftc)
        let prefix = dir.appendingPathComponent("prefix")
        let install = try ProcessRunner.run(
            BuiltProduct.codableExplorer, ["install", prefix.path], in: dir,
            environment: ["SWIFTC": swiftc.path, "XDG_CACHE_HOME": dir.appendingPathComponent("install-cache").path])
        #expect(install.status == 0, "\(install.stderr)")
        let installed = prefix.appendingPathComponent("bin/codable-explorer")
        let lines = install.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "installed \(installed.path)")
        // Its tour: the samples installed under PREFIX/share, never the working directory's.
        let outline = try ProcessRunner.run(installed, ["outline"], in: dir)
        #expect(outline.status == 0 && outline.stdout.contains("products"), "\(outline.stdout)\(outline.stderr)")
        #expect(lines.count == 3 && lines[1] == "installed the tour's samples in \(prefix.path)/share/codable-explorer/SamplePayloads")
        #expect(lines.count == 3 && lines[2].hasPrefix("installed the runner library for \(swiftc.path) (Swift version "))
        #expect(lines.last?.contains(" in \(prefix.path)/lib/codable-explorer/lib-") == true, "\(lines)")
        #expect(FileManager.default.isExecutableFile(atPath: installed.path))
        #expect((try Data(contentsOf: installed)) == (try Data(contentsOf: BuiltProduct.codableExplorer)))

        try FileManager.default.copyItem(
            at: CompiledModeTests.fixtures.appendingPathComponent("HandWritten.swift"), to: dir.appendingPathComponent("HandWritten.swift"))
        try #"{"spice": 9}"#.write(to: dir.appendingPathComponent("payload.json"), atomically: true, encoding: .utf8)
        let arguments = ["check", "payload.json", "--model", "HandWritten.swift", "--type", "Sandwich", "--format", "json"]
        try? FileManager.default.removeItem(at: log)
        let mine = try ProcessRunner.run(
            installed, arguments, in: dir,
            environment: [
                "SWIFTC": swiftc.path, "XDG_CACHE_HOME": dir.appendingPathComponent("user-cache").path,
                "CODABLE_EXPLORER_RUNNER_SEED": "off",
            ])
        let calls = try String(contentsOf: log, encoding: .utf8)
        #expect(calls.contains("-module-name Models"), "the model was compiled: \(calls)")
        #expect(!calls.contains("-module-name CodableExplorerRunner"), "the runner library was compiled: \(calls)")
        let theirs = try ProcessRunner.run(
            BuiltProduct.codableExplorer, arguments, in: dir,
            environment: ["XDG_CACHE_HOME": dir.appendingPathComponent("build-cache").path])
        #expect(mine.status == 1 && theirs.status == 1, "\(mine.stderr) \(theirs.stderr)")
        #expect(mine.stdout == theirs.stdout)
    }

    @Test("a prefix that cannot hold a bin folder is named, with the system's reason")
    func unwritablePrefix() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("a-file")
        try Data("x".utf8).write(to: file)
        let result = try ProcessRunner.run(BuiltProduct.codableExplorer, ["install", file.path], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "codable-explorer: cannot install \(file.path)/bin/codable-explorer: \(file.path)/bin: Not a directory\n")
    }
}
