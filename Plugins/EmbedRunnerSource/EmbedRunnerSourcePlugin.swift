import Foundation
import PackagePlugin

/// Generates `RunnerLibrarySource.swift` in the target it is applied to: the text of every source
/// file of the `CodableExplorerRunner` target, so the tool can build that library with the user's
/// own swiftc at run time (``RunnerLibrary``) while the package builds and tests the same files
/// as a target of its own.
@main
struct EmbedRunnerSourcePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let runner = try context.package.targets(named: ["CodableExplorerRunner"]).first as? SourceModuleTarget else {
            throw PluginError.noRunnerTarget
        }
        let inputs = runner.sourceFiles(withSuffix: "swift").map(\.url).sorted { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("RunnerLibrarySource.swift")
        return [
            .buildCommand(
                displayName: "Embedding the runner library's source in \(target.name)",
                executable: try context.tool(named: "source-embed").url,
                arguments: [output.path, scratchFolder(of: context.pluginWorkDirectoryURL)] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    /// The build folder (`.build`, or `--scratch-path`) a plugin's work folder lies in:
    /// SwiftPM puts it at `<scratch>/plugins/outputs/...`; empty elsewhere (an Xcode build).
    func scratchFolder(of work: URL) -> String {
        let parts = work.standardizedFileURL.pathComponents
        guard let k = parts.lastIndex(of: "plugins"), k + 1 < parts.count, parts[k + 1] == "outputs" else { return "" }
        return NSString.path(withComponents: Array(parts[..<k]))
    }

    enum PluginError: Error, CustomStringConvertible {
        case noRunnerTarget
        var description: String { "the package has no CodableExplorerRunner target to embed" }
    }
}
