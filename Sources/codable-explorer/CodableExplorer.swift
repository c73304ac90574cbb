import ArgumentParser

@main
struct CodableExplorer: ParsableCommand {
    func run() throws {}
}
