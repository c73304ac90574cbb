import Foundation
import TestSupport
import Testing

@testable import Teaching

/// Writing a fix: atomic, with a backup that is never overwritten, and never over a file that
/// changed since the fix was computed.
@Suite("Writing fixes")
struct FixWriterTests {
    static func fix(path: String, original: String, edited: String) -> Fix {
        Fix(
            kind: .makeOptional, title: "t", detail: "d", changes: [FileChange(path: path, original: original, edited: edited)],
            verdict: .decodes(.redecoded))
    }

    @Test("the file gets the new text, the old text is kept in Models.swift.orig, permissions stay")
    func writesWithBackup() throws {
        let folder = try Swiftc.folder(["Models.swift": "let a: Int\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Models.swift").path
        chmod(path, 0o640)
        let written = try FixWriter.write(Self.fix(path: path, original: "let a: Int\n", edited: "let a: Int?\n"))
        #expect(written.map(\.backup) == [path + ".orig"])
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "let a: Int?\n")
        #expect(try String(contentsOfFile: path + ".orig", encoding: .utf8) == "let a: Int\n")
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o777 == 0o640)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "no temporary file is left behind")
    }

    @Test("a second write keeps the first backup and makes Models.swift.orig.1")
    func backupsAreNeverOverwritten() throws {
        let folder = try Swiftc.folder(["Models.swift": "v1\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Models.swift").path
        _ = try FixWriter.write(Self.fix(path: path, original: "v1\n", edited: "v2\n"))
        let second = try FixWriter.write(Self.fix(path: path, original: "v2\n", edited: "v3\n"))
        #expect(second.map(\.backup) == [path + ".orig.1"])
        #expect(try String(contentsOfFile: path + ".orig", encoding: .utf8) == "v1\n")
        #expect(try String(contentsOfFile: path + ".orig.1", encoding: .utf8) == "v2\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "v3\n")
    }

    @Test("a file edited since the fix was computed is left alone, with no backup made")
    func staleFileIsRefused() throws {
        let folder = try Swiftc.folder(["Models.swift": "edited by hand\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Models.swift").path
        #expect(throws: FixWriteError.changedSinceComputed(path: path)) {
            try FixWriter.write(Self.fix(path: path, original: "let a: Int\n", edited: "let a: Int?\n"))
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "edited by hand\n")
        #expect(!FileManager.default.fileExists(atPath: path + ".orig"))
    }

    @Test("through a symbolic link, the target is replaced and the link stays a link")
    func followsLinks() throws {
        let folder = try Swiftc.folder(["Real.swift": "old\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let link = folder.appendingPathComponent("Models.swift").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder.appendingPathComponent("Real.swift").path)
        _ = try FixWriter.write(Self.fix(path: link, original: "old\n", edited: "new\n"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link).hasSuffix("Real.swift"))
        #expect(try String(contentsOfFile: folder.appendingPathComponent("Real.swift").path, encoding: .utf8) == "new\n")
    }

    @Test("a fix that is only a decoder setting has nothing to write")
    func nothingToWrite() {
        let fix = Fix(
            kind: .dateStrategy, title: "t", detail: "d", changes: [],
            decoderSetting: DecoderSetting(.dates(.iso8601)),
            verdict: .decodes(.redecoded))
        #expect(throws: FixWriteError.nothingToWrite) { try FixWriter.write(fix) }
    }
}
