import ArgumentParser
import CommandRuns
import DecodeWorker
import DecodingEngine
import ExplorerUI
import Foundation
import JSONTree

/// The `codable-explorer` command: the explorer by default, headless subcommands for scripts. It
/// lives in this library, with every subcommand, so that tests and other targets reach all of it;
/// the executable is its `main.swift` (as SwiftPM's own `Commands` library and `swift-build` are).
public struct CodableExplorer: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "codable-explorer",
        abstract: "Explore a JSON payload and see exactly what JSONDecoder makes of it.",
        version: BuildVersion.text,
        subcommands: [
            Explore.self, Check.self, FixCommand.self, Infer.self, Validate.self, Outline.self, Install.self, DecodeWorkerCommand.self,
        ],
        defaultSubcommand: Explore.self
    )

    /// Runs the command; a command line that cannot be understood exits with status 2, as the
    /// `check` contract says (swift-argument-parser's own default is 64).
    public init() {}

    public static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        // The worker serves its parent: no command line to parse (DECISIONS.md, "check starts its
        // worker before it parses its arguments").
        if let worker = WorkerArguments(arguments) { Foundation.exit(DecodeWorkerCommand.serve(runnerHint: worker.hint)) }
        // A signal removes the private temporary files (standard input's payload, merged fixes), and
        // SIGQUIT ends the tool as SIGTERM does (not through the runtime's interactive backtrace).
        NcursesBackend.handleEndingSignals()
        // `check` decodes in a worker child: started now, it loads while this process parses
        // its arguments and reads its files, and starts the runner this command line used last.
        if arguments.first == "check" {
            EarlyWorker.start(hint: RunnerHint(arguments: arguments, directory: FileManager.default.currentDirectoryPath))
        }
        // `chekc file.json` would otherwise be taken for a payload named `chekc`.
        if let first = arguments.first, !first.hasPrefix("-"), !FileManager.default.fileExists(atPath: first),
            !configuration.subcommands.contains(where: { $0._commandName == first }),
            let typo = mistake(in: arguments), case .unknownCommand = typo
        {
            complain(typo.description)
        }
        do {
            var command = try parseAsRoot(CheckCaught.spelled(arguments))
            try command.run()
        } catch let status as ExitStatus {
            // What ended the command is already said on standard error.
            Foundation.exit(status.code)
        } catch {
            let code = exitCode(for: error)
            if code == .success || error is ExitCode || error is CleanExit {
                exit(withError: error)
            }
            complain(mistake(in: arguments)?.description ?? message(for: error))
        }
    }

    /// A typo in a command or option name, with the nearest name this tool has.
    static func mistake(in arguments: [String]) -> CommandLineMistake? {
        let vocabulary = try? CommandVocabulary(describing: CodableExplorer.self)
        return vocabulary?.mistake(in: arguments) { FileManager.default.fileExists(atPath: $0) }
    }

    /// Exits with status 2 after one line on stderr (the `check` contract: a command line
    /// that cannot be understood is 2; swift-argument-parser's own default is 64).
    static func complain(_ text: String) -> Never {
        FileHandle.standardError.write(Data("codable-explorer: \(TerminalSafeText.escapeLines(text))\n".utf8))
        Foundation.exit(2)
    }
}
