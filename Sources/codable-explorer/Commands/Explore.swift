import ArgumentParser
import Foundation
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

    @Option(name: .customLong("keys"), help: ArgumentHelp("A key map file (default: $XDG_CONFIG_HOME/codable-explorer/keys.conf).", valueName: "file"))
    var keysFile: String?

    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (its own text selection works without Shift).")
    var noMouse = false

    func run() throws {
        // Keys first: a broken keys.conf is reported before anything is read or drawn.
        let keyMap: KeyMap
        switch KeyMapConfig.load(path: keysFile) {
        case .success(let map): keyMap = map
        case .failure(let failure):
            FileHandle.standardError.write(Data((failure.description + "\n").utf8))
            throw ExitCode(2)
        }
        let (path, bytes) = try PayloadInput.loadOrExit(payload ?? PayloadInput.pipedStandardInput())
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
            backend = try NcursesBackend(mouse: !noMouse)
        } catch {
            PayloadInput.complain(error.description)
            throw ExitCode(2)
        }
        let state = ExplorerState(tree: tree, fileName: PayloadInput.displayName(path))
        ExplorerApp(state: state, backend: backend, keyMap: keyMap).run()
    }
}
