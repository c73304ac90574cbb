#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything that can stop a benchmark run, turned into text in one place.
enum BenchError: Error, CustomStringConvertible {
    case usage(String)
    case cannotOpen(path: String, errno: Int32)
    case readFailed(path: String, errno: Int32)
    case writeFailed(path: String, errno: Int32)
    case childFailed(arguments: [String], status: Int32)
    case cannotRun(path: String, errno: Int32)
    case malformedChildReport(arguments: [String], output: String)
    case parseFailed(contestant: String, underlying: any Error)
    /// The engine and the compiled model disagree: the engine benchmark would compare different work.
    case engineMismatch(String)

    var description: String {
        switch self {
        case .usage(let message):
            return "\(message)\n\n\(BenchCommand.usage)"
        case .cannotOpen(let path, let code):
            return "cannot open \(path): \(String(cString: strerror(code)))"
        case .readFailed(let path, let code):
            return "cannot read \(path): \(String(cString: strerror(code)))"
        case .writeFailed(let path, let code):
            return "cannot write \(path): \(String(cString: strerror(code)))"
        case .cannotRun(let path, let code):
            return "cannot run \(path): \(String(cString: strerror(code)))"
        case .childFailed(let arguments, let status):
            return "child `ce-bench \(arguments.joined(separator: " "))` exited with status \(status)"
        case .malformedChildReport(let arguments, let output):
            return "child `ce-bench \(arguments.joined(separator: " "))` printed no report line; it printed:\n\(output)"
        case .parseFailed(let contestant, let underlying):
            return "\(contestant) rejected the payload: \(underlying)"
        case .engineMismatch(let message):
            return "engine benchmark: \(message)"
        }
    }
}
