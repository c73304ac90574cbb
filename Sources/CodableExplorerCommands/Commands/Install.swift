import ArgumentParser
import CommandRuns

/// `install`: this binary into `PREFIX/bin`, and beside it the compiled-mode runner library built
/// for the user's swiftc (``RunnerLibraryShelf``), so that the installed binary's first compiled
/// check is only the model's compile even once the build folder it came from is gone.
struct Install: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "install",
        abstract: "Install this binary in PREFIX/bin, with the compiled-mode runner library for your swiftc beside it.",
        discussion: """
            The binary goes to PREFIX/bin/codable-explorer, the runner library (built once for the \
            swiftc on PATH, or taken from this build) to PREFIX/lib/codable-explorer. Without the \
            library, the installed binary builds it the first time a model is compiled, once its \
            build folder is gone. Run it from the build (.build/release/codable-explorer install), \
            and again after changing toolchains.

            Example:
              codable-explorer install ~/.local
            """
    )

    @Argument(help: "Where to install: the binary goes in PREFIX/bin. Default: ~/.local.")
    var prefix: String?

    func run() throws { try Installation.run(prefix: prefix) }
}
