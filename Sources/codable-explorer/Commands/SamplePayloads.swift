import ExplorerUI
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Finds the bundled SamplePayloads folder, and gives the tour a private copy of it.
///
/// Looked for in the working directory, then beside the executable's package checkout
/// (`.build/<config>/codable-explorer` is three levels below the repository): never where the
/// sources were compiled, so a copy of the repository opens its own samples. The tour opens
/// scenarios from a copy in a private temporary folder, so a fix written in the tour never
/// changes the bundled files.
enum SamplePayloads {
    static func folder(workingDirectory: String = FileManager.default.currentDirectoryPath) -> URL? {
        var candidates = [URL(fileURLWithPath: workingDirectory).appendingPathComponent("SamplePayloads")]
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var up = executable.deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(up.appendingPathComponent("SamplePayloads"))
            up.deleteLastPathComponent()
        }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("01-basics/payload.json").path) }
    }

    /// A copy of the bundled samples in a new folder only this user can enter (`mkdtemp`,
    /// 0700), removed at exit; nil when there are no samples or the copy fails.
    static func privateCopy() -> URL? {
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
    static func scenarios(in folder: URL) -> [ScenarioPicker.Entry] {
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
    static func firstPayload(in folder: URL?) -> String? {
        folder.map { $0.appendingPathComponent("01-basics/payload.json").path }
    }
}
