import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One shared library per runner library, on Linux: the runner library and the toolchain's static
/// Swift libraries (the standard library, Foundation, Dispatch) linked whole into
/// `base-KEY/libCodableExplorerRunnerBase.so` in the cache, which a runner of loose model files links
/// instead of the toolchain's twenty shared libraries. The dynamic loader then binds one library, not
/// Foundation's thousands of symbols across twenty: a runner starts in 1.9-2.7 ms of CPU instead of 4.8 ms,
/// and a 2,000-entry capture's check is about 5 ms shorter (BENCHMARKS.md, "A capture checked in one session").
/// The code is the toolchain's own, the same that the shared libraries hold.
///
/// Built once per runner library (0.5 s), beside it. A runner whose model needs a library the base does
/// not hold (FoundationNetworking, Observation, …) fails that link and is linked as before
/// (``IncrementalBuild/build(flags:linkFlags:sources:base:)``), as are a package target's runners, and
/// every runner on macOS, where the system's Foundation is already bound ahead.
///
/// The base is trusted as a runner is (``BuildRecord``), and its identity is remembered across runs once
/// it has settled (``BuildRecord/check(_:remembering:settledAfter:)``): hashing its 78 MB at each start would cost
/// more than linking it saves. The runner names it in its own record (``BuildRecord/Links``), so a runner
/// whose base is gone or changed is not run, and built again.
struct RunnerBase {
    static let libraryName = "CodableExplorerRunnerBase"
    static let fileName = "lib\(libraryName).so"
    /// The toolchain's static libraries the base holds whole (`swift_static/linux/libNAME.a`): what a
    /// model file that imports Foundation, Dispatch or the standard library's own modules links.
    static let archives = [
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "_FoundationICU", "_FoundationCollections",
        "_FoundationCShims", "CoreFoundation", "swiftDispatch", "dispatch", "BlocksRuntime", "swiftCore", "swift_Concurrency",
        "swiftSynchronization", "swiftGlibc", "swift_StringProcessing", "swift_RegexParser", "swiftSwiftOnoneSupport",
    ]

    /// The toolchain's files a base is built and linked with.
    struct Toolchain {
        var clang: URL
        /// Where its static libraries are (`usr/lib/swift_static/linux`).
        var staticLibraries: URL
        /// The start file of a shared library holding the runtime, and of an executable using it.
        var staticStart: URL
        var dynamicStart: URL
        /// The runtime's crash reporter: it looks for it beside its own library, which is now the base.
        var backtracer: URL?
        var usesLLD: Bool
    }

    /// The base's file: `base-KEY/libCodableExplorerRunnerBase.so` beside the library's folder.
    let file: URL
    let toolchain: Toolchain
    /// The runner cache (where the base's private folder starts).
    let cache: URL

    /// The base of `library` for its compiler; nil where there is none (not Linux, or the toolchain
    /// beside the compiler lacks a file the base needs).
    init?(library: RunnerLibrary) {
        #if os(Linux)
        guard let toolchain = Self.toolchain(of: library.compiler) else { return nil }
        self.toolchain = toolchain
        cache = library.folder
        file = library.folder.appendingPathComponent("base-\(library.key)").appendingPathComponent(Self.fileName)
        #else
        return nil
        #endif
    }

    /// The toolchain the compiler belongs to (`usr/bin/swiftc`, its links followed), when it has every
    /// file a base needs.
    static func toolchain(of compiler: SwiftCompiler) -> Toolchain? {
        #if arch(x86_64)
        let architecture = "x86_64"
        #elseif arch(arm64)
        let architecture = "aarch64"
        #else
        return nil
        #endif
        let bin = compiler.executable.resolvingSymlinksInPath().deletingLastPathComponent()
        let usr = bin.deletingLastPathComponent()
        let staticLibraries = usr.appendingPathComponent("lib/swift_static/linux")
        let backtracer = usr.appendingPathComponent("libexec/swift/linux/swift-backtrace")
        let toolchain = Toolchain(
            clang: bin.appendingPathComponent("clang"), staticLibraries: staticLibraries,
            staticStart: staticLibraries.appendingPathComponent("\(architecture)/swiftrt.o"),
            dynamicStart: usr.appendingPathComponent("lib/swift/linux/\(architecture)/swiftrt.o"),
            backtracer: FileManager.default.isExecutableFile(atPath: backtracer.path) ? backtracer : nil,
            usesLLD: FileManager.default.isExecutableFile(atPath: bin.appendingPathComponent("ld.lld").path))
        let needed =
            [toolchain.staticStart, toolchain.dynamicStart] + archives.map { staticLibraries.appendingPathComponent("lib\($0).a") }
        guard FileManager.default.isExecutableFile(atPath: toolchain.clang.path),
            needed.allSatisfy({ FileManager.default.fileExists(atPath: $0.path) })
        else { return nil }
        return toolchain
    }

    /// Builds the base from the library in `libraryFolder` if it is not in the cache (or not trusted);
    /// false when it cannot be built (its runners are then linked as before).
    func make(from libraryFolder: URL) -> Bool {
        if Self.isTrusted(file) { return true }
        // One build at a time: the others wait for it and use what it installed.
        let lock = FileLock(cache.appendingPathComponent("base.lock"))
        defer { lock.release() }
        if Self.isTrusted(file) { return true }
        guard let work = try? BuildFolder(in: cache) else { return false }
        defer { work.remove() }
        let output = work.url.appendingPathComponent(Self.fileName)
        let archives =
            [libraryFolder.appendingPathComponent(RunnerLibrary.fileNames[0]).path]
            + Self.archives.map { toolchain.staticLibraries.appendingPathComponent("lib\($0).a").path }
        // Whole: a model may use any of it. The standard library and its concurrency library each
        // hold the same few runtime helpers.
        let arguments =
            ["-shared", "-o", output.path, "-Wl,-soname,\(Self.fileName)"] + linker + [toolchain.staticStart.path]
            + ["-Wl,--whole-archive"] + archives + ["-Wl,--no-whole-archive", "-Wl,--allow-multiple-definition"]
            + ["-Wl,-Bsymbolic-functions", "-lstdc++", "-lm", "-ldl", "-lpthread"]
        guard (try? SwiftCompiler.run(toolchain.clang, arguments, in: work.url))?.status == 0,
            (try? PrivateFolder.ensure(file.deletingLastPathComponent(), root: cache)) != nil,
            (try? BuildRecord.install(output, at: file, record: BuildRecord.file(for: file))) != nil
        else { return false }
        Self.prune(in: cache)
        return Self.isTrusted(file)
    }

    /// How many bases stay in a cache (each tool version or toolchain builds its own): the newest,
    /// and one for the tool or toolchain a user goes back to.
    static let kept = 2

    /// Removes the bases beyond ``kept``, the least recently built first, but none built in the last
    /// ``CachedRunners/minimumAge`` seconds: a runner that linked one is then built again.
    static func prune(in cache: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: cache.path) else { return }
        let bases = names.filter { $0.hasPrefix("base-") }.map { name -> (entry: URL, used: Double) in
            let folder = cache.appendingPathComponent(name)
            return (folder, PrivateFolder.modified(BuildRecord.file(for: folder.appendingPathComponent(fileName))) ?? 0)
        }
        for folder in LeastRecentlyUsed(kept: kept, minimumAge: CachedRunners.minimumAge).removed(from: bases) {
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// The base, or nil if it cannot be built, once ``make(from:)`` has run: at once when the base is
    /// in the cache, else on a thread of its own, while swiftc compiles the model (the base needs only
    /// the library; built after the compile, it added half a second to a first check's wait).
    func ready(from libraryFolder: URL) -> () -> RunnerBase? {
        if Self.isTrusted(file) { return { self } }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var made = false
        // The thread waits for the linker it starts (its parent-death signal follows the thread).
        let thread = Thread {
            made = self.make(from: libraryFolder)
            done.signal()
        }
        thread.start()
        return {
            done.wait()
            done.signal()
            return made ? self : nil
        }
    }

    /// Links the objects of a runner into `output` against the base; false when they need what the
    /// base does not hold (the runner is then linked as before).
    func link(_ objects: [String], into output: URL, in folder: URL) -> Bool {
        let base = file.deletingLastPathComponent().path
        let arguments =
            ["-pie"] + linker + [toolchain.dynamicStart.path] + objects
            + ["-L", base, "-l\(Self.libraryName)", "-Wl,-rpath,\(base)", "-lm", "-o", output.path]
        return (try? SwiftCompiler.run(toolchain.clang, arguments, in: folder))?.status == 0
    }

    /// What a runner linked to this base records of it (``BuildRecord/Links``).
    var links: BuildRecord.Links { BuildRecord.Links(base: file.path, backtracer: toolchain.backtracer?.path) }

    private var linker: [String] { toolchain.usesLLD ? ["-fuse-ld=lld"] : [] }

    /// Whether the base at `file` can be loaded by a runner: reached through folders checked as a
    /// runner's are (``PrivateFolder/openChecked(_:root:repairing:)``), and as its record says (its
    /// identity remembered across runs once settled). The dynamic loader opens it by that path a moment
    /// later: only the user, or root, can change what the path names meanwhile.
    static func isTrusted(_ file: URL) -> Bool {
        guard let folder = try? PrivateFolder.openChecked(file.deletingLastPathComponent(), repairing: false) else { return false }
        close(folder)
        return BuildRecord.check(file, remembering: true) == .trusted
    }
}
