import ArgumentParser
import CommandRuns

/// The default command: the interactive explorer.
struct Explore: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Explore a payload in the terminal and decode any node of it live (the bundled sample when none is given).",
        discussion: """
            A payload in one of the tool's own SamplePayloads scenario folders opens with the scenario's model, \
            type and strategies. A scenario.json elsewhere is used only when named with --scenario: only model \
            code you name is compiled and run.
            The payload and model files are watched: save either and the explorer decodes again.
            A capture (a .har file, a folder of responses, or any payload with --routes) opens as a list of its \
            entries, each checked against the models: Enter opens one as the tree, Backspace goes back.

            Example:
              codable-explorer response.json --model Sources/Models --type Order
              codable-explorer traffic.har --routes api.routes --model Sources/Models
            """
    )

    @Argument(help: "The payload file, or - for standard input. Default: a piped standard input, else the first SamplePayloads scenario.")
    var payload: String?

    @Option(name: .customLong("model"), help: "A Swift model file or a folder of them (repeatable).")
    var models: [String] = []

    @OptionGroup var packageOptions: PackageOptions

    @Option(
        help: ArgumentHelp(
            "A scenario.json whose type, path and strategies to decode with, and the Models.swift beside it.", valueName: "file"))
    var scenario: String?

    @Option(help: "The type expression to decode: Product, [Product], [String: Product], PageEntity<Song>, Product?")
    var type: String?

    @Option(help: "The key path of the node to decode at (default: the root).")
    var path: String?

    @OptionGroup var strategies: StrategyOptions

    @Flag(name: .customLong("all-errors"), help: "Go on past each error and show every independent one.")
    var allErrors = false

    @OptionGroup var engine: EngineOptions

    @Flag(name: .customLong("no-watch"), help: "Do not reload when the payload or a model file changes on disk.")
    var noWatch = false

    @Option(
        name: .customLong("keys"),
        help: ArgumentHelp("A key map file (default: $XDG_CONFIG_HOME/codable-explorer/keys.conf).", valueName: "file"))
    var keysFile: String?

    @Flag(name: .customLong("json-lines"), help: "Read one JSON value per line (JSON Lines); .jsonl and .ndjson files are read so anyway.")
    var jsonLines = false

    @Option(
        help: ArgumentHelp(
            "A routes file: open the payload as a capture (HAR, JSON Lines, a folder of responses), a list of its entries checked against the models.",
            valueName: "file"))
    var routes: String?

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (its own text selection works without Shift).")
    var noMouse = false

    func run() throws {
        try ExplorerRun(request: request, payload: payload, routes: routes, keysFile: keysFile, mouse: !noMouse).run()
    }

    /// What the command line asks the explorer to open a payload with.
    var request: ExplorerRequest {
        ExplorerRequest(
            sources: packageOptions.sources(models), mode: engine.mode, decoder: engine.decoder, typeExpression: type, path: path,
            scenario: scenario, strategies: strategies.words, allErrors: allErrors, noWatch: noWatch, jsonLines: jsonLines)
    }
}
