import Foundation
import Testing

@testable import DecodingEngine

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// SwiftPM's driver leaves `TemporaryDirectory.*` folders in its `TMPDIR` after every package build;
/// in the cache's private folder for them they go once they are an hour old, and SwiftPM's locks stay.
@Suite struct PackageBuildTemporaryTests {
    @Test("the driver's folders over an hour old go; newer ones and the locks stay")
    func oldTemporaryFoldersGo() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("package-tmp-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: cache) }
        let build = PackageBuild(
            target: PackageTarget(directory: "/nowhere", name: "Models"),
            compiler: SwiftCompiler(executable: URL(fileURLWithPath: "/nowhere/swiftc"), version: "none"), cacheFolder: cache)
        try PrivateFolder.ensure(build.temporary)
        let twoHoursAgo = Date().timeIntervalSince1970 - 7200
        func make(_ name: String, folder: Bool, old: Bool) throws {
            let url = build.temporary.appendingPathComponent(name)
            if folder {
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
                try Data().write(to: url.appendingPathComponent(".keep-directory"))
            } else {
                try Data().write(to: url)
            }
            if old {
                var times = [timeval(tv_sec: Int(twoHoursAgo), tv_usec: 0), timeval(tv_sec: Int(twoHoursAgo), tv_usec: 0)]
                #expect(utimes(url.path, &times) == 0)
            }
        }
        try make("TemporaryDirectory.old1", folder: true, old: true)
        try make("TemporaryDirectory.new1", folder: true, old: false)
        try make("_root_.swiftpm.lock", folder: false, old: true)
        try make("_scratch.lock", folder: false, old: false)
        build.pruneTemporary()
        let left = try FileManager.default.contentsOfDirectory(atPath: build.temporary.path).sorted()
        #expect(left == ["TemporaryDirectory.new1", "_root_.swiftpm.lock", "_scratch.lock"])
    }
}
