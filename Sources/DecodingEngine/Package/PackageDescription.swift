import Foundation

/// What `swift package describe --type json` says of the package: its targets, each with its
/// folder and its sources (the files compiled mode reads, steps through and edits for a fix).
struct PackageDescription: Decodable {
    struct Target: Decodable {
        var name: String
        /// Relative to the package's folder.
        var path: String
        /// Relative to the target's folder.
        var sources: [String]
        /// `library`, `executable`, `macro`, `test`, …
        var type: String
    }

    var name: String
    var path: String
    var targets: [Target]

    /// The target's folder and Swift sources, absolute.
    func files(of target: Target) -> (folder: String, sources: [String]) {
        let folder = URL(fileURLWithPath: path).appendingPathComponent(target.path).standardizedFileURL
        return (folder.path, target.sources.filter { $0.hasSuffix(".swift") }.map { folder.appendingPathComponent($0).path })
    }
}
