import DecodeWorker
import DecodingEngine
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `install`: this binary in PREFIX/bin, the tour's samples in PREFIX/share/codable-explorer, and
/// the compiled-mode runner library for the swiftc on PATH in PREFIX/lib/codable-explorer; each
/// written beside its place and renamed into it.
public enum Installation {
    public static func run(prefix: String?) throws(ExitStatus) {
        let root =
            prefix.map { URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local", isDirectory: true)
        let installed: URL
        do {
            installed = try copyExecutable(into: root.appendingPathComponent("bin", isDirectory: true))
        } catch {
            PayloadInput.complain(error)
            throw .cannotRun
        }
        print("installed \(installed.path)")
        do {
            if let samples = try copySamples(under: root) { print("installed the tour's samples in \(samples.path)") }
        } catch {
            PayloadInput.complain(error)
            throw .cannotRun
        }
        do {
            let shelved = try RunnerLibraryShelf.shelve(underPrefix: root) {
                PayloadInput.note("compiling the runner library for this swiftc (once per toolchain)…")
            }
            print("installed the runner library for \(shelved.compiler) (\(shelved.compilerVersion)) in \(shelved.folder.path)")
        } catch .compilerNotFound {
            print("no swiftc found: the runner library is built the first time a model is compiled (run install again with swiftc on PATH)")
        } catch {
            PayloadInput.complain(.runnerLibrary(error))
            throw .cannotRun
        }
    }

    /// Copies the bundled samples (the tour: no arguments, `S`) to `share/codable-explorer/SamplePayloads`,
    /// where the installed binary looks for them (``SamplePayloads/folder(executable:)``): staged beside
    /// it, then renamed into place whole; nil when this binary has no samples to copy.

    public static func copySamples(under prefix: URL) throws(CommandFailure) -> URL? {
        guard let samples = SamplePayloads.folder() else { return nil }
        let share = prefix.appendingPathComponent("share/codable-explorer", isDirectory: true)
        let target = share.appendingPathComponent("SamplePayloads", isDirectory: true)
        if samples.resolvingSymlinksInPath().path == target.resolvingSymlinksInPath().path { return target }
        let staging = share.appendingPathComponent(".SamplePayloads.\(getpid())")
        let aside = share.appendingPathComponent(".SamplePayloads.old.\(getpid())")
        do {
            try FileManager.default.createDirectory(at: share, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: staging)
            try FileManager.default.copyItem(at: samples, to: staging)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw .cannotInstall(path: target.path, reason: FileErrorReason.text(of: error))
        }
        _ = rename(target.path, aside.path)
        guard rename(staging.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = rename(aside.path, target.path)
            try? FileManager.default.removeItem(at: staging)
            throw .cannotInstall(path: target.path, reason: reason)
        }
        try? FileManager.default.removeItem(at: aside)
        return target
    }

    /// Copies the running binary to `bin/codable-explorer`: written beside it under a name of its
    /// own, made 0755, then renamed over the old one, so a shell starting it meanwhile finds the old
    /// binary or the new one, whole.
    public static func copyExecutable(into bin: URL) throws(CommandFailure) -> URL {
        let source = DecodeClient.selfExecutable
        let target = bin.appendingPathComponent("codable-explorer")
        if source.path == target.resolvingSymlinksInPath().path { return target }
        let staging = bin.appendingPathComponent(".codable-explorer.\(getpid())")
        do {
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try? FileManager.default.removeItem(at: staging)
            try FileManager.default.copyItem(at: source, to: staging)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw .cannotInstall(path: target.path, reason: FileErrorReason.text(of: error))
        }
        guard chmod(staging.path, 0o755) == 0, rename(staging.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: staging)
            throw .cannotInstall(path: target.path, reason: reason)
        }
        return target
    }
}
