import CodableExplorerCommands

// The whole command line is the CodableExplorerCommands library's: argument parsing, the
// subcommands, the explorer's launch and `check`'s output (DECISIONS.md, "The executable is a
// main.swift over the commands library").
CodableExplorer.main()
