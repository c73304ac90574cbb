import Foundation

/// `swiftc --version`, remembered in the private cache with what identifies the toolchain's files
/// (the driver the path leads to and the frontend beside it: device, inode, size and change time).
/// Asking swiftc takes a third of a second, longer than a whole cached check should; a toolchain
/// installed over the old one changes those files, and is asked again.
struct CompilerVersionRecord: Codable, Hashable {
    var files: [String: [Int64]]
    var version: String

    /// The remembered version of the compiler at `executable`, or nil when there is none, or
    /// when the toolchain's files are not what they were.
    static func version(of executable: URL, in cache: URL) -> String? {
        let file = recordFile(executable, in: cache)
        guard PrivateFolder.isTrustedFile(file), let data = try? Data(contentsOf: file),
            let record = try? JSONDecoder().decode(CompilerVersionRecord.self, from: data),
            let files = identity(of: executable), record.files == files
        else { return nil }
        return record.version
    }

    /// Remembers `version` for the compiler at `executable` (written whole, 0600; a failure to
    /// write only means asking again next time).
    static func remember(_ version: String, of executable: URL, in cache: URL) {
        guard let files = identity(of: executable), (try? PrivateFolder.ensure(cache)) != nil,
            let data = try? JSONEncoder().encode(CompilerVersionRecord(files: files, version: version))
        else { return }
        PrivateFolder.writeWhole(data, to: recordFile(executable, in: cache))
    }

    private static func recordFile(_ executable: URL, in cache: URL) -> URL {
        cache.appendingPathComponent("compiler-\(RunnerCache.key([executable.path])).json")
    }

    /// The files that make the compiler's answer: the driver the path resolves to and the
    /// `swift-frontend` beside it, when there is one; nil when the driver cannot be read.
    static func identity(of executable: URL) -> [String: [Int64]]? {
        let driver = executable.resolvingSymlinksInPath()
        guard let driverFacts = facts(driver.path) else { return nil }
        var files = [executable.path: driverFacts]
        let frontend = driver.deletingLastPathComponent().appendingPathComponent("swift-frontend").resolvingSymlinksInPath()
        if let frontendFacts = facts(frontend.path) { files[frontend.path] = frontendFacts }
        return files
    }

    private static func facts(_ path: String) -> [Int64]? { FileIdentity(path: path)?.numbers }
}
