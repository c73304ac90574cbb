import Foundation
import Testing

@testable import CodableExplorerCommands
@testable import CommandRuns

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a payload: endless input stops at the limit, and every reason is the true one.
@Suite struct PayloadInputTests {
    static func reason(_ path: String, limit: Int = 1 << 20) -> String? {
        do {
            _ = try PayloadInput.read(path, limit: limit)
            return nil
        } catch {
            return error.description
        }
    }

    static func folder() throws -> URL {
        let dir = ValidateCommandTests.temporaryRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func anEndlessInputStopsAtTheLimit() throws {
        let fd = open("/dev/zero", O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(throws: CommandFailure.tooLarge(name: "standard input", size: nil, limit: 3 << 20)) {
            try PayloadInput.readAll(fd, name: "standard input", limit: 3 << 20)
        }
        do {
            _ = try PayloadInput.readAll(fd, name: "standard input", limit: 3 << 20)
        } catch {
            #expect(
                error.description
                    == "standard input goes on past 3145728 bytes: payloads up to 3145728 bytes are supported; stopped reading")
        }
    }

    @Test func aFileUpToTheLimitIsReadWhole() throws {
        let url = try Self.folder().appendingPathComponent("p.json")
        try Data(repeating: 0x20, count: 4096).write(to: url)
        #expect(try PayloadInput.read(url.path, limit: 4096).count == 4096)
        #expect(Self.reason(url.path, limit: 4095) == "\(url.path) is 4096 bytes: payloads up to 4095 bytes are supported; stopped reading")
    }

    /// A large file is read in parts, one thread each: the parts make the file, byte for byte.
    @Test func aFileReadInPartsIsTheFile() throws {
        let url = try Self.folder().appendingPathComponent("p.json")
        let bytes = (0..<(1 << 20) + 7).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) }
        try Data(bytes).write(to: url)
        let fd = open(url.path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        var read = [UInt8](repeating: 0, count: bytes.count)
        #expect(read.withUnsafeMutableBufferPointer { ParallelRead.fill($0.baseAddress!, from: fd, count: bytes.count) })
        #expect(read == bytes)
    }

    /// A file that is shorter than its size said (it shrank): the parts give up, and the file is
    /// read from its start, in order, as it is now.
    @Test func aFileShorterThanItsSizeIsReadInOrder() throws {
        let url = try Self.folder().appendingPathComponent("p.json")
        let bytes = Array("{\"a\": [1, 2, 3]}".utf8)
        try Data(bytes).write(to: url)
        let fd = open(url.path, O_RDONLY)
        try #require(fd >= 0)
        defer { close(fd) }
        let said = PayloadInput.parallelReadBytes
        var scratch = [UInt8](repeating: 0, count: said)
        #expect(!scratch.withUnsafeMutableBufferPointer { ParallelRead.fill($0.baseAddress!, from: fd, count: said) })
        #expect(try PayloadInput.readAll(fd, name: url.path, limit: said, expectedSize: said) == bytes)
    }

    @Test func reasonsAreTheSystemsOwn() throws {
        let dir = try Self.folder()
        let loop = dir.appendingPathComponent("loop.json").path
        #expect(symlink(loop, loop) == 0)
        #expect(Self.reason(loop) == "\(loop): too many levels of symbolic links")
        #expect(Self.reason("/dev/zero") == "/dev/zero: is a device, not a payload file")
        #expect(Self.reason(dir.path) == "\(dir.path): is a directory, not a payload file")
        #expect(
            Self.reason(dir.appendingPathComponent("none.json").path)
                == "\(dir.appendingPathComponent("none.json").path): no such file or directory")
    }
}
