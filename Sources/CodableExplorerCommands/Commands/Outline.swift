import ArgumentParser
import CommandRuns
import JSONTree

/// The default command until the interactive explorer lands: an outline of the payload.
struct Outline: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outline",
        abstract: "Print an outline of a payload (the bundled sample when none is given) and JSONDecoder's verdict.",
        discussion: """
            Example:
              codable-explorer outline response.json --depth 2
            """
    )

    @Argument(help: "The payload file, or - for standard input. Default: the first SamplePayloads scenario.")
    var payload: String?

    @Option(help: "How many levels to unfold.")
    var depth = 3

    @Flag(help: "Read JSON5.")
    var json5 = false

    func run() throws {
        let (path, bytes) = try PayloadInput.loadOrExit(payload)
        let report = ValidationReport(payload: bytes, options: .init(json5: json5, jsonLines: .auto))
        if let tree = report.tree {
            print(OutlinePrinter(tree: tree, maxDepth: depth).lines().joined(separator: "\n"))
        }
        print(report.text(file: PayloadInput.displayName(path), payload: bytes))
        if !report.accepted { throw ExitCode(1) }
    }
}
