import ArgumentParser
import DecodingEngine
import ExplorerUI
import Foundation
import JSONTree

/// The default command: the interactive explorer.
struct Explore: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explore a payload in the terminal and decode any node of it live (the bundled sample when none is given).",
        discussion: """
        A payload in a SamplePayloads scenario folder opens with the scenario's model, type and strategies.
        The payload and model files are watched: save either and the explorer decodes again.
        """
    )

    @Argument(help: "The payload file, or - for standard input. Default: the first SamplePayloads scenario.")
    var payload: String?

    @Option(name: .customLong("model"), help: "A Swift model file or a folder of them (repeatable).")
    var models: [String] = []

    @Option(help: "The type expression to decode: Product, [Product], [String: Product], PageEntity<Song>, Product?")
    var type: String?

    @Option(help: "The key path of the node to decode at (default: the root).")
    var path: String?

    @OptionGroup var strategies: StrategyOptions

    @Flag(name: .customLong("all-errors"), help: "Go on past each error and show every independent one.")
    var allErrors = false

    @Flag(name: .customLong("no-watch"), help: "Do not reload when the payload or a model file changes on disk.")
    var noWatch = false

    func run() throws {
        let (path, bytes) = try PayloadInput.loadOrExit(payload)
        let launch = try ExplorerLaunch.prepare(self, payloadPath: path, bytes: bytes)
        let backend: NcursesBackend
        do {
            backend = try NcursesBackend()
        } catch {
            PayloadInput.complain(error.description)
            throw ExitCode(2)
        }
        let app = ExplorerApp(state: launch.state, backend: backend, services: launch.services)
        app.run(initial: launch.initialActions)
    }
}
