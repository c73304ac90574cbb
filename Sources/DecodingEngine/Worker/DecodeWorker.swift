import Foundation

/// Runs a decode in a child process, so that a crash inside Foundation (its JSON readers
/// have precondition failures) cannot take the caller down, and a long decode can be
/// cancelled by ending the child.
///
/// The child is this program itself, started with arguments that make it decode and print
/// one `DecodeReport` as JSON (see ``encode(_:)``) on standard output.
public final class DecodeWorker: @unchecked Sendable {
    /// How a worker run ended.
    public enum Outcome: Sendable {
        case finished(DecodeReport)
        /// The child died of a signal: Foundation trapped, and the user's app would too.
        case crashed(signal: Int32, message: String)
        /// The child exited without a report; `message` is what it said on stderr.
        case failed(status: Int32, message: String)
        case cancelled
    }

    private let lock = NSLock()
    private var process: Process?
    private var isCancelled = false

    public init() {}

    /// Starts the child and waits for its report.
    public func run(executable: URL, arguments: [String]) -> Outcome {
        let child = Process()
        child.executableURL = executable
        child.arguments = arguments
        child.standardInput = FileHandle.nullDevice
        let out = Pipe()
        let err = Pipe()
        child.standardOutput = out
        child.standardError = err
        lock.lock()
        if isCancelled { lock.unlock(); return .cancelled }
        do {
            try child.run()
        } catch {
            lock.unlock()
            return .failed(status: -1, message: "cannot start the decoding worker \(executable.path): \(error.localizedDescription)")
        }
        process = child
        lock.unlock()
        // Read stderr on the side so a chatty child cannot block on a full pipe.
        let errors = ErrorCollector(err.fileHandleForReading)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        let message = errors.text()
        lock.lock()
        let cancelled = isCancelled
        process = nil
        lock.unlock()
        if cancelled { return .cancelled }
        if child.terminationReason == .uncaughtSignal {
            return .crashed(signal: child.terminationStatus, message: message)
        }
        guard let report = try? Self.decode(data) else {
            return .failed(status: child.terminationStatus, message: message)
        }
        return .finished(report)
    }

    /// Ends the child, if one is running; `run` then returns `.cancelled`.
    ///
    /// With SIGKILL, not `terminate()`'s SIGTERM: a child starts with the signal mask of the
    /// thread that spawned it, and background threads (Foundation's, Dispatch's) block
    /// SIGTERM, so a child started from one never sees it.
    public func cancel() {
        lock.lock()
        isCancelled = true
        let running = process
        lock.unlock()
        if let running, running.isRunning { kill(running.processIdentifier, SIGKILL) }
    }

    /// The report as the worker prints it.
    public static func encode(_ report: DecodeReport) throws -> Data {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        return try encoder.encode(report)
    }

    static func decode(_ data: Data) throws -> DecodeReport {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        return try decoder.decode(DecodeReport.self, from: data)
    }
}

/// Drains a pipe on a background thread and keeps its last few kilobytes.
private final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            let all = handle.readDataToEndOfFile()
            data = all.suffix(4096)
            done.signal()
        }
    }

    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
