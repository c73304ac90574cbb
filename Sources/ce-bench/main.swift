import Foundation

do {
    try BenchCommand(arguments: Array(CommandLine.arguments.dropFirst())).run()
} catch {
    FileHandle.standardError.write(Data("ce-bench: \(error)\n".utf8))
    exit(1)
}
