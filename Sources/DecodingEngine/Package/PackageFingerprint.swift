import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a package's build depends on, as one key: every file of the package and of its local
/// (path) dependencies, by path, size and modification time (nanoseconds), with the manifest and
/// `Package.resolved` among them, and the toolchain. When it is the key of the last successful
/// build, nothing SwiftPM reads has changed, and the build is not run again (a no-op `swift build`
/// costs over a second, on every decode the explorer asks for). Hidden folders (`.build`,
/// `.swiftpm`, `.git`) are not read.
struct PackageFingerprint {
    static func of(_ target: PackageTarget, scratch: URL, toolchain: String) -> String {
        var hash = ContentHash()
        hash.feed(toolchain)
        hash.feed(target.name)
        for folder in [target.directory] + localDependencies(scratch: scratch) {
            hash.feed(folder)
            feed(folder, into: &hash)
        }
        return hash.hex
    }

    /// The folders of the package's path dependencies, as SwiftPM's workspace state records them.
    static func localDependencies(scratch: URL) -> [String] {
        struct State: Decodable {
            struct Object: Decodable { var dependencies: [Dependency] }
            struct Dependency: Decodable {
                struct Reference: Decodable {
                    var kind: String
                    var location: String
                }
                var packageRef: Reference
            }
            var object: Object
        }
        guard let data = FileManager.default.contents(atPath: scratch.appendingPathComponent("workspace-state.json").path),
            let state = try? JSONDecoder().decode(State.self, from: data)
        else { return [] }
        return state.object.dependencies.map(\.packageRef).filter { $0.kind == "fileSystem" }.map(\.location).sorted()
    }

    private static func feed(_ folder: String, into hash: inout ContentHash) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                feed(path, into: &hash)
                continue
            }
            #if canImport(Darwin)
            let time = "\(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
            #else
            let time = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            #endif
            hash.feed(path)
            hash.feed("\(info.st_size) \(time)")
        }
    }
}
