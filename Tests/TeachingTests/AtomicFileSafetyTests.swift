import Foundation
import TestSupport
import Testing

@testable import Teaching

/// Writing a model file safely (issue 11): a user's save during the write is never lost, the
/// file keeps its byte order mark, owner, group, mode and line endings, a read-only file is not
/// replaced, and new files never go through a link planted in their place.
@Suite("Writing model files safely")
struct AtomicFileSafetyTests {
    static func fix(path: String, original: String, edited: String) -> Fix {
        FixWriterTests.fix(path: path, original: original, edited: edited)
    }

    static func bytes(_ path: String) -> [UInt8] { [UInt8](FileManager.default.contents(atPath: path) ?? Data()) }

    @Test("a save by the user between the write and the rename is refused, and the save is kept")
    func saveDuringTheWriteIsKept() throws {
        let folder = try Swiftc.folder(["Models.swift": "let a: Int\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Models.swift").path
        #expect(throws: FixWriteError.changedSinceComputed(path: path)) {
            try AtomicFile.replace(path, expected: Array("let a: Int\n".utf8), with: Array("let a: Int?\n".utf8)) {
                try? "let a: Int // saved by the user\n".write(toFile: path, atomically: false, encoding: .utf8)
            }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "let a: Int // saved by the user\n")
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["Models.swift"], "no backup and no temporary file are left: \(left)")
    }

    @Test("a model starting with a UTF-8 byte order mark is written, and keeps it")
    func byteOrderMarkIsKept() throws {
        let folder = try Swiftc.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Models.swift").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data([0xEF, 0xBB, 0xBF] + Array("let a: Int\n".utf8))))
        // Swift's readers drop the mark: the fix was computed from the text without it.
        let read = try String(contentsOfFile: path, encoding: .utf8)
        #expect(!read.hasPrefix("\u{FEFF}"))
        _ = try FixWriter.write(Self.fix(path: path, original: read, edited: "let a: Int?\n"))
        #expect(Self.bytes(path) == [0xEF, 0xBB, 0xBF] + Array("let a: Int?\n".utf8))
        #expect(Self.bytes(path + ".orig") == [0xEF, 0xBB, 0xBF] + Array("let a: Int\n".utf8))
    }

    @Test("owner and group are kept (the tests run as root when they can check it)")
    func ownerAndGroupAreKept() throws {
        let folder = try Swiftc.folder(["Models.swift": "let a: Int\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Models.swift").path
        guard geteuid() == 0 else { return }
        #expect(chown(path, 4321, 4322) == 0)
        _ = try FixWriter.write(Self.fix(path: path, original: "let a: Int\n", edited: "let a: Int?\n"))
        for file in [path, path + ".orig"] {
            var info = stat()
            #expect(stat(file, &info) == 0)
            #expect(info.st_uid == 4321 && info.st_gid == 4322, "\(file): \(info.st_uid):\(info.st_gid)")
        }
    }

    @Test("a read-only model is not replaced: the user is told, nothing is written")
    func readOnlyIsRefused() throws {
        let folder = try Swiftc.folder(["Models.swift": "let a: Int\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Models.swift").path
        chmod(path, 0o444)
        #expect(throws: FixWriteError.readOnly(path: path)) {
            try FixWriter.write(Self.fix(path: path, original: "let a: Int\n", edited: "let a: Int?\n"))
        }
        #expect(FixWriteError.readOnly(path: path).description.contains("is read-only; nothing was written"))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "let a: Int\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["Models.swift"])
    }

    @Test("a CRLF model gets CRLF on the lines a fix adds")
    func lineEndingsAreKept() throws {
        let original = "struct A: Decodable {\r\n    let a: Int\r\n}\r\n"
        let folder = try Swiftc.folder([:])
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("Models.swift").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data(original.utf8)))
        let edited = "struct A: Decodable {\r\n    let a: Int?\n    let b: String?\n}\r\n"
        _ = try FixWriter.write(Self.fix(path: path, original: original, edited: edited))
        #expect(Self.bytes(path) == Array("struct A: Decodable {\r\n    let a: Int?\r\n    let b: String?\r\n}\r\n".utf8))
    }

    @Test("a new file is never written through a link planted at its name")
    func newFilesDoNotFollowLinks() throws {
        let folder = try Swiftc.folder(["victim.txt": "precious\n"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let victim = folder.appendingPathComponent("victim.txt").path
        let planted = folder.appendingPathComponent("Root.swift").path
        #expect(symlink(victim, planted) == 0)
        #expect(throws: AtomicFile.CreateError.self) { try AtomicFile.createNew(planted, bytes: Array("struct Root {}\n".utf8)) }
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious\n")
        let fresh = folder.appendingPathComponent("Fresh.swift").path
        try AtomicFile.createNew(fresh, bytes: Array("struct Fresh {}\n".utf8))
        #expect(try String(contentsOfFile: fresh, encoding: .utf8) == "struct Fresh {}\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") } == [])
    }
}
