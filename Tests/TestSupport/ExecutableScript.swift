import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A shell script a test puts on PATH or in EDITOR, written so that running it cannot fail
/// with "text file busy".
///
/// `FileManager.createFile` writes through a descriptor without close-on-exec: a child another
/// test starts at that moment (a tmux server, a compile) keeps it open for its whole life, and
/// while any process holds an executable open for writing, exec of it fails (ETXTBSY). Seen on
/// a clean clone: the explorer's `xclip` "could not start". Here the descriptor is close-on-exec,
/// and the script appears whole under its name by a rename.
public enum ExecutableScript {
    public static func write(_ body: String, to url: URL) throws {
        let text = "#!/bin/sh\n" + body
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString)")
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o700)
        guard fd >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path]) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count, rename(temporary.path, url.path) == 0 else {
            unlink(temporary.path)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
    }
}
