import ExplorerUI
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the bundled SamplePayloads folder, and gives the tour a private copy of it.
///
/// Only the tool's own samples are the tour, because a scenario brings model code that the explorer
/// compiles and runs: the package checkout the executable was built in (`.build/…/codable-explorer`
/// lies a few levels below the folder holding `Package.swift` and `SamplePayloads`), or
/// `PREFIX/share/codable-explorer/SamplePayloads` beside an installed `PREFIX/bin`. Never the
/// working directory, and never a folder another user can write (DECISIONS.md, "Only code the user
/// named runs"). The tour opens scenarios from a copy in a private temporary folder, so a fix written
/// in the tour never changes the bundled files.
public enum SamplePayloads {
    public static func folder(executable: String = CommandLine.arguments[0]) -> URL? {
        let binary = URL(fileURLWithPath: executable).resolvingSymlinksInPath()
        var candidates: [URL] = []
        var up = binary.deletingLastPathComponent()
        candidates.append(up.deletingLastPathComponent().appendingPathComponent("share/codable-explorer/SamplePayloads"))
        for _ in 0..<5 {
            if FileManager.default.fileExists(atPath: up.appendingPathComponent("Package.swift").path) {
                candidates.append(up.appendingPathComponent("SamplePayloads"))
                break
            }
            up.deleteLastPathComponent()
        }
        return candidates.first {
            FileManager.default.fileExists(atPath: $0.appendingPathComponent("01-basics/payload.json").path) && isOnlyWritableByItsOwner($0)
        }
    }

    /// The folder and its parent belong to this user or root, and no one else can write them: a
    /// samples folder someone else could fill is not the tool's own.
    public static func isOnlyWritableByItsOwner(_ folder: URL) -> Bool {
        [folder, folder.deletingLastPathComponent()].allSatisfy { url in
            var info = stat()
            guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
            return (info.st_uid == geteuid() || info.st_uid == 0) && info.st_mode & 0o022 == 0
        }
    }

    /// Whether `path` lies inside `folder` (compared as standardized absolute paths).
    public static func contains(_ folder: URL, _ path: String) -> Bool {
        URL(fileURLWithPath: path).standardizedFileURL.path.hasPrefix(folder.standardizedFileURL.path + "/")
    }

    /// A copy of the bundled samples in a new folder only this user can enter (`mkdtemp`,
    /// 0700), removed at exit; nil when there are no samples or the copy fails.
    public static func privateCopy() -> URL? {
        guard let bundled = folder() else { return nil }
        removeCopiesOfEndedRuns()
        let prefix = FileManager.default.temporaryDirectory.path + "/codable-explorer-tour-\(getpid())-"
        var template = Array((prefix + "XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        let root = URL(fileURLWithPath: String(cString: made))
        TemporaryFiles.removeFolderAtExit(root.path)
        let copy = root.appendingPathComponent("SamplePayloads")
        do { try FileManager.default.copyItem(at: bundled, to: copy) } catch { return nil }
        return copy
    }

    /// Copies left by runs that a signal ended (atexit did not run): their process is gone.
    private static func removeCopiesOfEndedRuns() {
        let temporary = FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix("codable-explorer-tour-") {
            let parts = name.split(separator: "-")
            guard parts.count == 5, let pid = Int32(parts[3]), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let path = temporary.appendingPathComponent(name).path
            var info = stat()
            guard lstat(path, &info) == 0, info.st_uid == getuid(), info.st_mode & S_IFMT == S_IFDIR else { continue }
            try? FileManager.default.removeItem(atPath: path)
        }
    }

    /// The tour's scenarios in `folder`, in order, each with its ABOUT.md (for `S` in the explorer).
    public static func scenarios(in folder: URL) -> [ScenarioPicker.Entry] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return [] }
        return names.sorted().compactMap { name in
            let dir = folder.appendingPathComponent(name)
            let payload = dir.appendingPathComponent("payload.json").path
            guard FileManager.default.fileExists(atPath: payload) else { return nil }
            let about = (try? String(contentsOf: dir.appendingPathComponent("ABOUT.md"), encoding: .utf8)) ?? ""
            let heading = about.split(separator: "\n").first.map { String($0.drop { $0 == "#" || $0 == " " }) }
            return ScenarioPicker.Entry(name: name, title: heading ?? name, about: about, payloadPath: payload)
        }
    }

    /// The first scenario's payload in `folder`, which the explorer opens with no arguments.
    public static func firstPayload(in folder: URL?) -> String? {
        folder.map { $0.appendingPathComponent("01-basics/payload.json").path }
    }
}
