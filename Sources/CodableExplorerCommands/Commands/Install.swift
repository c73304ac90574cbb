import ArgumentParser
import CommandRuns
import DecodeWorker
import DecodingEngine
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `install`: this binary into `PREFIX/bin`, and beside it the compiled-mode runner library built
/// for the user's swiftc (``RunnerLibraryShelf``), so that the installed binary's first compiled
/// check is only the model's compile even once the build folder it came from is gone.
struct Install: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Install this binary in PREFIX/bin, with the compiled-mode runner library for your swiftc beside it.",
        discussion: """
            The binary goes to PREFIX/bin/codable-explorer, the runner library (built once for the \
            swiftc on PATH, or taken from this build) to PREFIX/lib/codable-explorer. Without the \
            library, the installed binary builds it the first time a model is compiled, once its \
            build folder is gone. Run it from the build (.build/release/codable-explorer install), \
            and again after changing toolchains.

            Example:
              codable-explorer install ~/.local
            """
    )

    @Argument(help: "Where to install: the binary goes in PREFIX/bin. Default: ~/.local.")
    var prefix: String?

    func run() throws {
        let root =
            prefix.map { URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local", isDirectory: true)
        let installed: URL
        do {
            installed = try Self.copyExecutable(into: root.appendingPathComponent("bin", isDirectory: true))
        } catch {
            PayloadInput.complain(error)
            throw ExitCode(2)
        }
        print("installed \(installed.path)")
        do {
            if let samples = try Self.copySamples(under: root) { print("installed the tour's samples in \(samples.path)") }
        } catch {
            PayloadInput.complain(error)
            throw ExitCode(2)
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
            throw ExitCode(2)
        }
    }

    /// Copies the bundled samples (the tour: no arguments, `S`) to `share/codable-explorer/SamplePayloads`,
    /// where the installed binary looks for them (``SamplePayloads/folder(executable:)``): staged beside
    /// it, then renamed into place whole; nil when this binary has no samples to copy.
    static func copySamples(under prefix: URL) throws(CommandFailure) -> URL? {
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
    static func copyExecutable(into bin: URL) throws(CommandFailure) -> URL {
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
