import Foundation

/// Runs this same executable again with other arguments and returns what it printed.
///
/// The path comes from `/proc/self/exe`, so the child is exactly the binary being
/// benchmarked, wherever `swift run` put it. The child's standard error goes straight to
/// ours, so its own errors reach the user unchanged.
enum ChildProcess {
    static func run(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executablePath)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw BenchError.childFailed(arguments: arguments, status: process.terminationStatus)
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Runs `ce-bench measure <contestant> <file>` and parses its report.
    static func measure(_ contestant: any MeasuredContestant, file: String) throws -> ChildMeasurement {
        let arguments = ["measure", contestant.rawValue, file]
        let output = try run(arguments)
        guard let line = ReportLine(tag: ChildMeasurement.tag, in: output),
            let measurement = ChildMeasurement(line)
        else {
            throw BenchError.malformedChildReport(arguments: arguments, output: output)
        }
        return measurement
    }

    private static let executablePath: String = {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }()
}
