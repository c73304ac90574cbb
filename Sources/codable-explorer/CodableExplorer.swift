import ArgumentParser

/// The `codable-explorer` command: the explorer by default, headless subcommands for scripts.
@main
struct CodableExplorer: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "codable-explorer",
        abstract: "Explore a JSON payload and see exactly what JSONDecoder makes of it.",
        subcommands: [Outline.self, Validate.self],
        defaultSubcommand: Outline.self
    )
}
