import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A cached runner opened for one run: reached through the checked folders of the cache
/// (``PrivateFolder/openChecked(_:root:repairing:)``), opened from its folder's descriptor without
/// following a link (`openat`, `O_NOFOLLOW`), checked on that descriptor (`fstat`: the user's own
/// regular file that no one else can write) and against its build record by reading that
/// descriptor (``BuildRecord``). What is spawned is what was checked:
/// - on Linux, ``spawnPath`` is `/proc/PID/fd/N`, this process's descriptor: `execve` of it
///   execs the very file the descriptor holds, whatever the runner's path names by then. It names
///   this process's table, not the child's (`/proc/self/fd/N`), because the child closes every
///   descriptor but its own few before the exec (``SupervisedProcess``); this process holds it
///   until `posix_spawn` has returned, which is after the child's exec opened the file;
/// - on macOS (no `/proc`, no `fexecve`), ``spawnPath`` is the checked path: safe because every
///   folder on it is the user's own and private, or owned by root and not writable by others, so
///   no other user can swap what it names.
///
/// Keep it until the spawn has returned, then ``close()`` it (or let it go).
final class CheckedExecutable {
    /// Why a runner is not run.
    enum Refusal: Error, Sendable, Hashable {
        /// A folder on the runner's path is not safe.
        case folder(PrivateFolder.Problem)
        case missing(path: String)
        case link(path: String)
        case notAFile(path: String)
        case notOwned(path: String, owner: UInt32)
        case writableByOthers(path: String, mode: UInt32)
        /// Not what its build record says (or no trusted record): why, in words.
        case notAsBuilt(path: String, why: String)
        case cannotOpen(path: String, reason: String)
    }

    /// The runner's path (as checked).
    let url: URL
    /// The shared base it links, checked with it (``RunnerBase``); nil for a runner linked as before.
    let links: BuildRecord.Links?
    /// The open descriptor of the runner (close-on-exec); -1 once closed.
    private(set) var descriptor: Int32
    /// What to give `posix_spawn`: `/proc/PID/fd/N` on Linux, the checked path on macOS (and on a
    /// Linux without `/proc`).
    let spawnPath: String

    /// Opens and checks the runner at `executable`; `root` as ``PrivateFolder/ensure(_:root:)`` takes it.
    init(_ executable: URL, root: URL? = nil) throws(Refusal) {
        let path = executable.path
        let folder: Int32
        do { folder = try PrivateFolder.openChecked(executable.deletingLastPathComponent(), root: root, repairing: false) } catch {
            throw .folder(error)
        }
        defer { closeDescriptor(folder) }
        let name = executable.lastPathComponent
        let opened: OpenedFile
        do { opened = try OpenedFile(name, in: folder) } catch {
            switch error.code {
            case ENOENT: throw .missing(path: path)
            case ELOOP: throw .link(path: path)
            default: throw .cannotOpen(path: path, reason: String(cString: strerror(error.code)))
            }
        }
        guard opened.isRegular else { throw .notAFile(path: path) }
        guard opened.info.st_uid == geteuid() else { throw .notOwned(path: path, owner: UInt32(opened.info.st_uid)) }
        guard opened.info.st_mode & 0o022 == 0 else { throw .writableByOthers(path: path, mode: UInt32(opened.info.st_mode & 0o7777)) }
        let recordName = BuildRecord.file(for: executable).lastPathComponent
        let record: Data?
        if let recordFile = try? OpenedFile(recordName, in: folder), recordFile.isTrusted, let bytes = recordFile.contents() {
            record = Data(bytes)
        } else {
            record = nil
        }
        let (verdict, links) = BuildRecord.checked(opened, name: name, record: record)
        if case .untrusted(let why) = verdict { throw .notAsBuilt(path: path, why: why) }
        self.links = links
        url = executable
        descriptor = opened.release()
        spawnPath = Self.spawnPath(of: descriptor, checked: path)
    }

    deinit { close() }

    /// Closes the descriptor: after the spawn has returned (the child has its own copy until its exec).
    func close() {
        if descriptor >= 0 { closeDescriptor(descriptor) }
        descriptor = -1
    }

    /// `/proc/PID/fd/N` when it names the very file the descriptor holds, else the checked path.
    private static func spawnPath(of descriptor: Int32, checked path: String) -> String {
        #if canImport(Darwin)
        return path
        #else
        let procPath = "/proc/\(getpid())/fd/\(descriptor)"
        var viaProc = stat(), held = stat()
        guard stat(procPath, &viaProc) == 0, fstat(descriptor, &held) == 0, viaProc.st_dev == held.st_dev, viaProc.st_ino == held.st_ino
        else { return path }
        return procPath
        #endif
    }
}

/// `close(2)`, named apart from ``CheckedExecutable/close()``.
private func closeDescriptor(_ descriptor: Int32) {
    #if canImport(Darwin)
    _ = Darwin.close(descriptor)
    #else
    _ = Glibc.close(descriptor)
    #endif
}
