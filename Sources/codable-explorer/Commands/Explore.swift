import ArgumentParser
import ExplorerUI
import JSONTree

/// The default command: the interactive explorer.
struct Explore: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Explore a payload in the terminal (the bundled sample when none is given)."
    )

    @Argument(help: "The payload file, or - for standard input. Default: the first SamplePayloads scenario.")
    var payload: String?

    @Flag(help: "Read JSON5.")
    var json5 = false

    func run() throws {
        let (path, bytes) = try PayloadInput.loadOrExit(payload)
        let tree: JSONTree
        do {
            tree = try JSONTree.parse(bytes, options: .init(json5: json5, jsonLines: .auto))
        } catch {
            // Not JSON at all: say what and where, like validate, and do not open the screen.
            print(error.diagnostic.rendered(file: PayloadInput.displayName(path), payload: bytes))
            throw ExitCode(1)
        }
        let backend: NcursesBackend
        do {
            backend = try NcursesBackend()
        } catch {
            PayloadInput.complain(error.description)
            throw ExitCode(2)
        }
        let state = ExplorerState(tree: tree, fileName: PayloadInput.displayName(path))
        ExplorerApp(state: state, backend: backend).run()
    }
}
