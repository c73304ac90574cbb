import ArgumentParser
import Foundation
import JSONTree

/// The commands and long options a command tree accepts, as ArgumentParser describes it
/// (its `--experimental-dump-help` JSON), for naming a mistyped word and its nearest neighbour.
struct CommandVocabulary {
    struct Command {
        var name: String
        var isShown: Bool
        var longOptions: [String]
    }

    /// The subcommands, in declaration order, and the root command's own options.
    var commands: [Command]
    var rootOptions: [String]
    var defaultCommand: String?

    init(describing root: any ParsableCommand.Type) throws {
        let tool = try JSONDecoder().decode(ToolInfo.self, from: Data(root._dumpHelp().utf8))
        commands = (tool.command.subcommands ?? []).map {
            Command(name: $0.commandName, isShown: $0.shouldDisplay ?? true, longOptions: $0.longOptions)
        }
        rootOptions = tool.command.longOptions
        defaultCommand = root.configuration.defaultSubcommand?._commandName
    }

    /// The mistake in `arguments` (without the program name), if a word is a near miss:
    /// `isFile` tells a payload path from a mistyped command.
    func mistake(in arguments: [String], isFile: (String) -> Bool) -> CommandLineMistake? {
        guard let first = arguments.first else { return nil }
        let names = commands.map(\.name) + ["help"]
        if !first.hasPrefix("-"), !names.contains(first), !isFile(first),
            let near = Self.nearest(to: first, among: commands.filter(\.isShown).map(\.name))
        {
            return .unknownCommand(first, suggestion: near)
        }
        let command = commands.first { $0.name == first } ?? commands.first { $0.name == defaultCommand }
        guard let command else { return nil }
        let known = Set(
            command.longOptions + rootOptions + ["--help", "--version", "--generate-completion-script", "--experimental-dump-help"])
        for argument in arguments.drop(while: { $0 == command.name }) {
            if argument == "--" { break }
            guard argument.hasPrefix("--") else { continue }
            let option = String(argument.prefix { $0 != "=" })
            if !known.contains(option) {
                return .unknownOption(option, command: command.name, suggestion: Self.nearest(to: option, among: command.longOptions))
            }
        }
        return nil
    }

    /// The candidate closest to `word` by edits (a swap of neighbours counts as one), when
    /// close enough to be a typo: one edit for short names, two for longer ones.
    static func nearest(to word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, EditDistance.between(word, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let allowed = min(word.count, best.0.count) >= 5 ? 2 : 1
        return best.1 <= allowed ? best.0 : nil
    }
}

/// The part of ArgumentParser's tool description (`ToolInfoV0`) the vocabulary reads.
private struct ToolInfo: Decodable {
    struct Name: Decodable {
        var kind: String
        var name: String
    }

    struct Argument: Decodable {
        var names: [Name]?
    }

    struct CommandInfo: Decodable {
        var commandName: String
        var shouldDisplay: Bool?
        var subcommands: [CommandInfo]?
        var arguments: [Argument]?

        var longOptions: [String] {
            (arguments ?? []).flatMap { $0.names ?? [] }.filter { $0.kind == "long" }.map { "--" + $0.name }
        }
    }

    var command: CommandInfo
}
