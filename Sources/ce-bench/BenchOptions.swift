import Foundation

/// The options the model benchmarks (`compiled`, `package`, `failing`) take alike: `--runs N`,
/// `--pages N`, `--binary PATH` (codable-explorer beside this ce-bench by default), `--keep DIR`.
struct BenchOptions {
    var runs: Int
    var pages: Int
    var binary = ExplorerBenchmark.besideThisExecutable("codable-explorer")
    var keep: String?

    /// Reads them from `arguments` over the defaults; nil after `--help`, its usage printed.
    init?(_ arguments: [String], runs: Int, pages: Int, usage: String) throws {
        self.runs = runs
        self.pages = pages
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--runs": self.runs = try rest.popFirst().flatMap { Int($0) }.orThrow("--runs needs a number")
            case "--pages": self.pages = try rest.popFirst().flatMap { Int($0) }.orThrow("--pages needs a number")
            case "--binary": binary = try rest.popFirst().orThrow("--binary needs a path")
            case "--keep": keep = try rest.popFirst().orThrow("--keep needs a folder")
            case "-h", "--help":
                print(usage)
                return nil
            default: throw BenchError.usage("unknown argument \(argument)\n\(usage)")
            }
        }
    }

    /// The benchmark's folder, `ce-bench-NAME-PID`, in `--keep DIR` or the temporary folder.
    func folder(_ name: String) -> URL {
        URL(fileURLWithPath: keep ?? NSTemporaryDirectory()).appendingPathComponent("ce-bench-\(name)-\(getpid())")
    }
}
