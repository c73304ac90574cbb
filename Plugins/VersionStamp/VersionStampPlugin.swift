import Foundation
import PackagePlugin

/// Generates `Version.swift` (the release tag or the commit, for `--version`) by running the
/// `version-stamp` tool whenever git's HEAD, the branch it names or packed-refs change.
@main
struct VersionStampPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("Version.swift")
        return [
            .buildCommand(
                displayName: "Stamping the version of \(target.name)",
                executable: try context.tool(named: "version-stamp").url,
                arguments: [root.path, output.path],
                inputFiles: Self.watchedFiles(root: root),
                outputFiles: [output]
            )
        ]
    }

    /// `.git/HEAD`, the ref it names and packed-refs, in a clone or a worktree (where `.git`
    /// is a file naming the real folder). The tool reads the same files (`GitCheckout`); a
    /// plugin cannot import it, so the lookup is repeated here, for watching only.
    static func watchedFiles(root: URL) -> [URL] {
        let dotGit = root.appendingPathComponent(".git")
        var gitDirectory = dotGit
        if let text = read(dotGit), text.hasPrefix("gitdir:") {
            let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespaces)
            gitDirectory = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
        }
        var common = gitDirectory
        if let relative = read(gitDirectory.appendingPathComponent("commondir")) {
            common = relative.hasPrefix("/") ? URL(fileURLWithPath: relative) : gitDirectory.appendingPathComponent(relative)
        }
        var files = [gitDirectory.appendingPathComponent("HEAD"), common.appendingPathComponent("packed-refs")]
        if let head = read(gitDirectory.appendingPathComponent("HEAD")), head.hasPrefix("ref:") {
            let ref = head.dropFirst("ref:".count).trimmingCharacters(in: .whitespaces)
            files += [gitDirectory.appendingPathComponent(ref), common.appendingPathComponent(ref)]
        }
        return files.filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    static func read(_ url: URL) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else { return nil }
        return (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
