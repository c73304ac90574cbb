import DecodingEngine
import Foundation

/// The worker's errors in the user's words: the one place a new kind of worker failure or
/// input problem gets its text.

extension WorkerFailure: CustomStringConvertible {
    public var description: String {
        switch self {
        case .model(let reason), .payload(let reason), .job(let reason), .trapped(let reason):
            return reason
        case .pathNotInPayload(let path, let reason):
            return "--path \(path): \(reason)"
        case .doesNotCompile(let diagnostics):
            return CompiledDecoder.Failure.doesNotCompile(diagnostics).description
        case .crashed(let signal, _):
            return
                "JSONDecoder crashed decoding this payload (\(Self.signalName(signal)), a precondition failure inside Foundation); an app decoding it would crash too"
        case .killed(let signal, let reason):
            return
                "the decoding worker was killed (\(Self.signalName(signal))) before it finished: \(reason ?? "ended from outside codable-explorer"); this says nothing about the payload"
        case .broken(let status, let message):
            let said = message.trimmingCharacters(in: .whitespacesAndNewlines)
            return said.isEmpty ? "the decoding worker failed (exit status \(status))" : said
        case .cancelled:
            return "cancelled"
        case .timedOut(let seconds, let place, let location):
            let whereText = place.map { "; the model's code was last at \($0)\(location.map { " (\($0))" } ?? "")" } ?? ""
            return
                "the decode ran past its time limit of \(TimeLimit.text(seconds)) and was stopped\(whereText); an app decoding this payload would hang there too (raise --timeout if the payload is only large)"
        }
    }

    /// The failure as a capture entry's reason: there the path is the route's `at KEYPATH`, not
    /// a `--path` the user typed.
    public var captureReason: String {
        if case .pathNotInPayload(let path, let reason) = self { return "at \(path): \(reason)" }
        return description
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [
            SIGILL: "SIGILL", SIGTRAP: "SIGTRAP", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS",
            SIGFPE: "SIGFPE", SIGSEGV: "SIGSEGV", SIGSYS: "SIGSYS", SIGKILL: "SIGKILL",
            SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP", SIGQUIT: "SIGQUIT",
        ]
        return names[signal].map { "\($0), signal \(signal)" } ?? "signal \(signal)"
    }
}

extension WorkerInput.Problem: CustomStringConvertible {
    var description: String {
        switch self {
        case .frame(let problem): "the input: \(problem)"
        case .unexpectedKind(let kind): "the input holds a frame of kind \(kind), not a message"
        }
    }
}
