import ArgumentParser
import CommandRuns

/// `infer`: Swift Codable models for a payload, or for the node at a key path, that decode it
/// with JSONDecoder as they are.
struct Infer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "infer",
        abstract: "Print Swift Codable models that decode a payload (or the node at a key path) with JSONDecoder.",
        discussion: """
            The output is one self-contained Swift file: the types, and `func makeDecoder() -> JSONDecoder` \
            set up for the strategies they rely on, so `try makeDecoder().decode(Root.self, from: data)` works as is.
            Exit status: 0 models printed, 1 the payload is not valid JSON (diagnostics on stderr, as `validate` \
            prints them), 2 the command could not run.

            Example:
              codable-explorer infer api.json --path data.items --name Item > Item.swift
            """
    )

    enum KeyStrategy: String, ExpressibleByArgument, CaseIterable {
        case `default`
        case snakeCase = "snake-case"
    }

    @Argument(help: "The payload file, or - for standard input.")
    var payload: String

    @Option(help: "The key path of the node to infer models for (default: the root).")
    var path: String = ""

    @Option(help: "The name of the root type.")
    var name: String = "Root"

    @Option(
        name: .customLong("key-strategy"),
        help: "default (properties named as the keys) or snake-case (camelCase properties, .convertFromSnakeCase).")
    var keyStrategy: KeyStrategy = .default

    @Flag(help: "Make small closed sets of strings into String raw-value enums.")
    var enums = false

    @Option(
        help: ArgumentHelp(
            "With a capture (HAR, JSON Lines, a folder of responses): the routes file saying which type decodes which response.",
            valueName: "file"))
    var routes: String?

    @Option(help: "With a capture: the type of the routes to infer (User for a route of [User]); every body it decodes is merged.")
    var type: String?

    @Flag(name: .customLong("json-lines"), help: "Read the payload as JSON Lines: each line is one sample of the type.")
    var jsonLines = false

    /// What the command line asks `infer` for.
    var request: InferRun {
        InferRun(
            payload: payload, path: path, name: name, snakeCase: keyStrategy == .snakeCase, enums: enums, routes: routes, type: type,
            jsonLines: jsonLines)
    }

    func run() throws { try request.run() }
}
