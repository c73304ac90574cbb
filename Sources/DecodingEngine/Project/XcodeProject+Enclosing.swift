import Foundation

extension XcodeProject {
    /// The Xcode project a model path lies in: the `.xcodeproj` beside the path or in the nearest
    /// folder above it that holds one (an app's sources sit beside or below its project). Nil when
    /// no folder above holds one, or one holds several (`--project` says which), or the paths lie
    /// in different projects.
    public static func enclosing(_ modelPaths: [String]) -> String? {
        let found = modelPaths.map(enclosing(path:))
        guard let first = found.first, let project = first, found.allSatisfy({ $0 == project }) else { return nil }
        return project
    }

    static func enclosing(path: String) -> String? {
        var folder = URL(fileURLWithPath: path).standardizedFileURL
        var isFolder: ObjCBool = false
        if !FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) || !isFolder.boolValue {
            folder.deleteLastPathComponent()
        }
        while true {
            let projects = FolderNames.ending(with: ".xcodeproj", in: folder.path).sorted()
            if !projects.isEmpty {
                return projects.count == 1 ? folder.appendingPathComponent(projects[0]).path : nil
            }
            // A package's manifest ends the search: what lies in it is the package's.
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return nil }
            let parent = folder.deletingLastPathComponent()
            if parent.path == folder.path { return nil }
            folder = parent
        }
    }

    /// The target that compiles every one of `modelPaths` (a file it compiles, or a folder
    /// holding files it compiles), when `name` does not say which.
    public func target(compiling modelPaths: [String]) throws(Problem) -> String {
        let wanted = modelPaths.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        var compiling: [String] = []
        for name in targetNames {
            guard let files = try? sources(ofTarget: name).files else { continue }
            let all = wanted.allSatisfy { path in files.contains { $0 == path || $0.hasPrefix(path + "/") } }
            if all { compiling.append(name) }
        }
        guard compiling.count == 1 else {
            if compiling.isEmpty { throw .noTargetCompiles(project: bundle, path: modelPaths.joined(separator: ", "), known: targetNames) }
            throw .severalTargetsCompile(project: bundle, path: modelPaths.joined(separator: ", "), targets: compiling)
        }
        return compiling[0]
    }
}
