import ArgumentParser
import Foundation
import JSONTree

/// The `codable-explorer` command: the explorer by default, headless subcommands for scripts.
@main
struct CodableExplorer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codable-explorer",
        abstract: "Explore a JSON payload and see exactly what JSONDecoder makes of it.",
        subcommands: [Explore.self, Check.self, FixCommand.self, Infer.self, Validate.self, Outline.self, DecodeWorkerCommand.self],
        defaultSubcommand: Explore.self
    )

    /// Runs the command; a command line that cannot be understood exits with status 2, as the
    /// `check` contract says (swift-argument-parser's own default is 64).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .success || error is ExitCode || error is CleanExit {
                exit(withError: error)
            }
            FileHandle.standardError.write(Data("codable-explorer: \(TerminalSafeText.escapeLines(message(for: error)))\n".utf8))
            Foundation.exit(2)
        }
    }
}
