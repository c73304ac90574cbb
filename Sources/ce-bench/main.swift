import Foundation

do {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "explorer" {
        try ExplorerBenchmark.main(Array(arguments.dropFirst()))
    } else if arguments.first == "e2e" {
        try EndToEndBenchmark.main(Array(arguments.dropFirst()))
    } else if arguments.first == "compiled" {
        try CompiledModeBenchmark.main(Array(arguments.dropFirst()))
    } else if arguments.first == "capture-list" {
        try CaptureListBenchmark.main(Array(arguments.dropFirst()))
    } else if arguments.first == "capture" {
        try CaptureBenchmark.main(Array(arguments.dropFirst()))
    } else if arguments.first == "failing" {
        try FailingCheckBenchmark.main(Array(arguments.dropFirst()))
    } else if arguments.first == "package" {
        try PackageModeBenchmark.main(Array(arguments.dropFirst()))
    } else if arguments.first == "robustness" {
        try RobustnessBenchmark.main(Array(arguments.dropFirst()))
    } else if arguments.first == "ledger" {
        try LedgerBenchmark.main(Array(arguments.dropFirst()))
    } else if arguments.first == "models" {
        try ModelBenchmark.main(Array(arguments.dropFirst()))
    } else {
        try BenchCommand(arguments: arguments).run()
    }
} catch {
    FileHandle.standardError.write(Data("ce-bench: \(error)\n".utf8))
    exit(1)
}
