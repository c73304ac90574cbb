import ArgumentParser
import Foundation
import JSONTree
import Teaching
#if canImport(Glibc)
import Glibc
#endif

/// Reads a payload from a path, or standard input for `-`.
enum PayloadInput {
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    static func read(_ path: String) throws(Unreadable) -> [UInt8] {
        if path == "-" {
            return [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Unreadable(description: "\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw Unreadable(description: "\(path): is a directory, not a payload file") }
        if let bytes = readRegularFile(path) { return bytes }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe))
        } catch {
            throw Unreadable(description: "\(path): cannot be read (\(error.localizedDescription))")
        }
    }

    /// A regular file read straight into one array of its size: one copy of the bytes, where
    /// `Data(contentsOf:)` then `[UInt8]` makes two (100 ms and twice the memory for a
    /// 100 MB payload). Nil for anything else, or on any failure: the caller's Foundation
    /// path then reads it, or says why it cannot.
    private static func readRegularFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return nil }
        let size = Int(info.st_size)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            while initialized < size {
                let n = readSome(fd, buffer.baseAddress! + initialized, size - initialized)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { failed = n < 0; return }
                initialized += n
            }
        }
        return failed ? nil : bytes
    }

    /// Writes standard input's payload to a private temporary file, removed at exit.
    static func temporaryCopy(_ bytes: [UInt8]) throws(Unreadable) -> String {
        // A new private file under a name nobody can guess, never over a file or link planted there.
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("codable-explorer-stdin-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).json")
        do {
            try AtomicFile.createNew(url.path, bytes: bytes, mode: 0o600)
        } catch {
            throw Unreadable(description: "cannot keep standard input's payload in \(url.path): \(error.reason)")
        }
        TemporaryFiles.removeAtExit(url.path)
        return url.path
    }

    /// `temporaryCopy`, or a one-line reason and exit status 2.
    static func temporaryCopyOrExit(_ bytes: [UInt8]) throws -> String {
        do { return try temporaryCopy(bytes) } catch {
            complain(error.description)
            throw ExitCode(2)
        }
    }

    /// The payload a command was given, or the bundled sample when none was; any failure
    /// is a one-line reason on stderr and exit status 2.
    static func loadOrExit(_ payload: String?) throws -> (path: String, bytes: [UInt8]) {
        guard let path = payload ?? SamplePayloads.firstPayload() else {
            complain("no payload given and the bundled SamplePayloads folder was not found")
            throw ExitCode(2)
        }
        do {
            return (path, try read(path))
        } catch {
            complain(error.description)
            throw ExitCode(2)
        }
    }

    /// `-` when a payload is piped or redirected into standard input (`cat x.json |
    /// codable-explorer`), as jless reads it; nil for a terminal or /dev/null, so the bundled
    /// sample opens (and without a terminal, the message about `check`).
    static func pipedStandardInput() -> String? {
        var info = stat()
        guard fstat(STDIN_FILENO, &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFREG ? "-" : nil
    }

    /// The name diagnostics use for the payload.
    static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// Prints a one-line reason on stderr.
    /// Everything unsafe in it is escaped, line feeds included: it holds what the user typed
    /// (`--type`, paths), names from the model and the payload, and it stays one line.
    static func complain(_ text: String) {
        FileHandle.standardError.write(Data("codable-explorer: \(TerminalSafeText.escape(text))\n".utf8))
    }
}

/// Files removed when the process exits normally.
enum TemporaryFiles {
    nonisolated(unsafe) private static var paths: [String] = []
    private static let registered: Void = { atexit { TemporaryFiles.removeAll() } }()

    static func removeAtExit(_ path: String) {
        _ = registered
        paths.append(path)
    }

    private static func removeAll() {
        for path in paths { unlink(path) }
    }
}

/// `read(2)`, named apart from ``PayloadInput/read(_:)``.
private func readSome(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
