import Foundation

/// A target of the user's SwiftPM package, whose types compiled mode decodes with: the target is
/// built by SwiftPM as the user's own `swift build` builds it (``PackageBuild``), and the runner's
/// `main` is linked against it, so the module names in every message are the app's.
public struct PackageTarget: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The package's folder (the one holding `Package.swift`), absolute.
    public var directory: String
    /// The target's name, which is its module's.
    public var name: String

    public init(directory: String, name: String) {
        self.directory = URL(fileURLWithPath: directory).standardizedFileURL.path
        self.name = name
    }

    /// `Models of the package at /path/App`
    public var description: String { "\(name) of the package at \(directory)" }

    /// The target a model path lies in by SwiftPM's own layout: `<package>/Sources/<Target>/…`,
    /// the package being the nearest folder above with a `Package.swift`. Nil for loose files
    /// (a target with a `path:` of its own is named with `--package` and `--target`). Every path
    /// must lie in the same target.
    public static func enclosing(_ modelPaths: [String]) -> PackageTarget? {
        let targets = modelPaths.map(enclosing(path:))
        guard let first = targets.first, let target = first, targets.allSatisfy({ $0 == target }) else { return nil }
        return target
    }

    /// `<package>/Sources/<Target>`: where SwiftPM looks for a target that does not name its path.
    public var conventionalFolder: String { directory + "/Sources/" + name }

    static func enclosing(path: String) -> PackageTarget? {
        var components = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        var below: [String] = []
        while components.count > 1 {
            let folder = NSString.path(withComponents: components)
            if FileManager.default.fileExists(atPath: folder + "/Package.swift") {
                guard below.count >= 2, below[0] == "Sources" else { return nil }
                return PackageTarget(directory: folder, name: below[1])
            }
            below.insert(components.removeLast(), at: 0)
        }
        return nil
    }
}
