import Foundation

/// Executables of this package, built beside the test bundle.
public enum BuiltProduct {
    /// The `codable-explorer` binary.
    public static let codableExplorer = locate("codable-explorer")

    /// The product named `name` in the build folder of this test run: on Linux the test
    /// runner is itself in `.build/<triple>/debug`; on macOS the runner is Xcode's `xctest`
    /// or SwiftPM's helper, and the `.xctest` bundle sits in the build folder instead.
    public static func locate(_ name: String) -> URL {
        var folders: [URL] = []
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<5 {
            folders.append(dir)
            dir.deleteLastPathComponent()
        }
        folders += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }.map { $0.deletingLastPathComponent() }
        folders.append(Repository.root.appendingPathComponent(".build/debug"))
        let found = folders.first { FileManager.default.isExecutableFile(atPath: $0.appendingPathComponent(name).path) }
        return (found ?? folders[0]).appendingPathComponent(name)
    }
}
