import Foundation
import TestSupport

extension Swiftc {
    /// Writes the files (each prefixed with `import Foundation`) in a fresh temporary folder
    /// and returns their paths.
    static func write(_ files: [String: String]) throws -> (folder: URL, paths: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(name)
            try ("import Foundation\n" + text).write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        return (folder, paths)
    }
}
