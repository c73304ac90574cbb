import DecodingEngine
import ExplorerUI
import Foundation
import JSONTree
import Teaching

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a payload from a path, or standard input for `-`.
public enum PayloadInput {
    /// The bytes of the payload at `path` (`-`: standard input), at most `limit` of them.
    ///
    /// Read with `read(2)` in every case, so a reason is the system's own (`no such file or
    /// directory`, `too many levels of symbolic links`, `permission denied`), and an endless
    /// input (`< /dev/zero`, a pipe that never closes) stops at the limit instead of growing
    /// until the process is killed. Devices are refused before anything is read.
    public static func read(_ path: String, limit: Int = JSONTree.maximumPayloadBytes) throws(CommandFailure) -> [UInt8] {
        if path == "-" { return try readAll(STDIN_FILENO, name: "standard input", limit: limit) }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(name: path, reason: systemReason(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotOpen(name: path, reason: systemReason(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: throw .notAFile(name: path, kind: .directory)
        case S_IFCHR, S_IFBLK: throw .notAFile(name: path, kind: .device)
        default: break
        }
        let size = info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 0
        guard size <= limit else { throw .tooLarge(name: path, size: size, limit: limit) }
        return try readAll(fd, name: path, limit: limit, expectedSize: size)
    }

    /// From this size on, a regular file is read in parts, in parallel.
    public static let parallelReadBytes = 64 << 20

    /// Reads `fd` to its end. A regular file's bytes go straight into one array of its size:
    /// one copy, where `Data(contentsOf:)` then `[UInt8]` makes two (100 ms and twice the
    /// memory for a 100 MB payload). Anything else (a pipe, or a file that grew) is read in
    /// chunks of 1 MiB, and reading stops past `limit` bytes with a reason.
    public static func readAll(_ fd: Int32, name: String, limit: Int, expectedSize: Int = 0) throws(CommandFailure) -> [UInt8] {
        var bytes: [UInt8] = []
        var failure: Int32 = 0
        var readInParts = false
        if expectedSize > 0 {
            bytes = [UInt8](unsafeUninitializedCapacity: expectedSize) { buffer, initialized in
                // A large file is read in parts on every core: the kernel's copy and the first
                // touch of each page are most of a read, and they split (1 GB: see BENCHMARKS.md).
                if expectedSize >= parallelReadBytes, ParallelRead.fill(buffer.baseAddress!, from: fd, count: expectedSize) {
                    initialized = expectedSize
                    readInParts = true
                    return
                }
                while initialized < expectedSize {
                    let n = readSome(fd, buffer.baseAddress! + initialized, expectedSize - initialized)
                    if n < 0 && errno == EINTR { continue }
                    if n < 0 { failure = errno }
                    guard n > 0 else { return }
                    initialized += n
                }
            }
            if failure != 0 { throw .cannotRead(name: name, reason: systemReason(failure)) }
            if bytes.count < expectedSize { return bytes }
            // Parts read with `pread` leave the offset at 0: what the file grew by comes after them.
            if readInParts { lseek(fd, off_t(expectedSize), SEEK_SET) }
        }
        let chunkSize = 1 << 20
        let chunk = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
        defer { chunk.deallocate() }
        while true {
            let n = readSome(fd, chunk, chunkSize)
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw .cannotRead(name: name, reason: systemReason(errno)) }
            if n == 0 { return bytes }
            guard bytes.count + n <= limit else { throw .tooLarge(name: name, size: nil, limit: limit) }
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: chunk, count: n))
        }
    }

    /// `body` with the bytes of the file at `path` mapped read-only: only the pages it touches are
    /// read (an excerpt's few hundred bytes of a payload the worker read whole). Empty when the
    /// file cannot be mapped (it is gone, or not a regular file): the excerpts are then blank.
    public static func withMapped<R>(_ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0,
            let mapped = mmap(nil, Int(info.st_size), PROT_READ, MAP_PRIVATE, fd, 0), mapped != UnsafeMutableRawPointer(bitPattern: -1)
        else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        defer { munmap(mapped, Int(info.st_size)) }
        return body(UnsafeBufferPointer(start: mapped.assumingMemoryBound(to: UInt8.self), count: Int(info.st_size)))
    }

    /// `strerror`'s text, starting in lower case as the rest of the line does.
    private static func systemReason(_ code: Int32) -> String {
        let text = String(cString: strerror(code))
        return text.prefix(1).lowercased() + text.dropFirst()
    }

    /// Writes standard input's payload to a private temporary file (in a new 0700 folder under a name
    /// nobody can guess), removed at exit and by any signal that ends the process.
    public static func temporaryCopy(_ bytes: [UInt8]) throws(CommandFailure) -> String {
        let temporary = FileManager.default.temporaryDirectory
        let folder: URL
        do { folder = try PrivateFolder.makeUnique(in: temporary, prefix: "codable-explorer-stdin") } catch {
            throw .cannotKeepStandardInput(path: temporary.path, reason: error.description)
        }
        TemporaryFiles.remove(folder.path)
        let url = folder.appendingPathComponent("payload.json")
        TemporaryFiles.remove(url.path)
        do {
            try AtomicFile.createNew(url.path, bytes: bytes, mode: 0o600)
        } catch {
            throw .cannotKeepStandardInput(path: url.path, reason: error.reason)
        }
        return url.path
    }

    /// `temporaryCopy`, or a one-line reason and exit status 2.
    public static func temporaryCopyOrExit(_ bytes: [UInt8]) throws(ExitStatus) -> String {
        do { return try temporaryCopy(bytes) } catch {
            complain(error)
            throw ExitStatus.cannotRun
        }
    }

    /// The payload a command was given, or the bundled sample when none was; any failure
    /// is a one-line reason on stderr and exit status 2.
    public static func loadOrExit(
        _ payload: String?, samples: URL? = SamplePayloads.folder()
    ) throws(ExitStatus) -> (path: String, bytes: [UInt8]) {
        guard let path = payload ?? SamplePayloads.firstPayload(in: samples) else {
            complain(.noPayloadAndNoSamples)
            throw ExitStatus.cannotRun
        }
        do {
            return (path, try read(path))
        } catch {
            complain(error)
            throw ExitStatus.cannotRun
        }
    }

    /// From this size on, the explorer opens a regular file on its first megabyte and reads the
    /// rest while the user looks (``JSONTree/parsePrefix(_:wholeByteCount:options:)``).
    public static let prefixFirstBytes = 64 << 20
    /// How much of such a file is read first: far more than a screen of any payload.
    public static let prefixBytes = 1 << 20

    /// The first bytes of a large regular file at `path`, up to a line break, and the file's size;
    /// nil for anything else (smaller, standard input, no line break in the first megabyte, an error:
    /// the file is then read whole, and an error said as ``read(_:limit:)`` says it).
    public static func prefix(of path: String) -> (bytes: [UInt8], wholeByteCount: Int)? {
        guard path != "-" else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) >= prefixFirstBytes,
            Int(info.st_size) <= JSONTree.maximumPayloadBytes
        else { return nil }
        var head = [UInt8](repeating: 0, count: prefixBytes)
        var count = 0
        while count < prefixBytes {
            let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + count, prefixBytes - count, off_t(count)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return nil }
            count += n
        }
        guard let length = JSONTree.prefixLength(of: head) else { return nil }
        return (Array(head[..<length]), Int(info.st_size))
    }

    /// `-` when a payload is piped or redirected into standard input (`cat x.json |
    /// codable-explorer`), as jless reads it; nil for a terminal or /dev/null, so the bundled
    /// sample opens (and without a terminal, the message about `check`).
    public static func pipedStandardInput() -> String? {
        var info = stat()
        guard fstat(STDIN_FILENO, &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFREG ? "-" : nil
    }

    /// The name diagnostics use for the payload.
    public static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// Prints a one-line reason on stderr, and under it `details`, one escaped line each
    /// (swiftc's diagnostics: a line each, never joined into one with `\n` shown).
    /// Everything unsafe in it is escaped, line feeds included: it holds what the user typed
    /// (`--type`, paths), names from the model and the payload, and it stays one line.
    public static func complain(_ failure: CommandFailure) { complain(failure.description, details: failure.details) }

    /// What the command is doing while the user waits (a compile), on stderr, one line.
    public static func note(_ text: String) {
        FileHandle.standardError.write(Data(("codable-explorer: " + TerminalSafeText.escape(text) + "\n").utf8))
    }

    /// ``complain(_:)`` for a reason that is not a ``CommandFailure`` (another layer's error, its own words).
    public static func complain(_ text: String, details: [String] = []) {
        let lines = ["codable-explorer: " + TerminalSafeText.escape(text)] + details.map { "  " + TerminalSafeText.escape($0) }
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }
}

/// The tool's private temporary files and folders: removed when the process exits, and when a signal
/// ends it (``NcursesBackend/removeOnEndingSignal(_:)``, from the signal handler).
public enum TemporaryFiles {
    nonisolated(unsafe) private static var paths: [String] = []
    private static let registered: Void = { atexit { TemporaryFiles.removeAll() } }()

    /// A file, or an empty folder registered before what it will hold: removed, newest first.
    public static func remove(_ path: String) {
        _ = registered
        paths.append(path)
        NcursesBackend.removeOnEndingSignal(path)
    }

    nonisolated(unsafe) private static var folders: [String] = []

    /// A private folder made for this run (the tour's copy of the samples), removed with what it holds
    /// at exit (a signal leaves it to the next run's ``SamplePayloads`` clean-up).
    public static func removeFolderAtExit(_ path: String) {
        _ = registered
        folders.append(path)
    }

    private static func removeAll() {
        for path in paths.reversed() where unlink(path) != 0 { rmdir(path) }
        for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
    }
}

/// `read(2)`, named apart from ``PayloadInput/read(_:)``.
private func readSome(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
