import DecodeWorker
import DecodingEngine
import Foundation
import JSONTree
import Teaching

/// `check` of one payload: its job run in the worker, its verdict printed as text or as
/// docs/check-output.md's JSON, and its exit status (1: it does not decode, or `--strict` fails it).
public struct CheckRun {
    public enum Format: String, CaseIterable, Sendable { case text, json }

    public var request: CheckRequest
    public var format: Format
    /// The fixes are shown (and so verified): text unless `--no-fixes`, JSON with `--fixes`.
    public var showsFixes: Bool
    public var strict: [StrictRule]
    /// The `fix … --apply N` command line for this request, for the hint under the fixes.
    public var fixCommand: String

    public init(request: CheckRequest, format: Format, showsFixes: Bool, strict: [StrictRule], fixCommand: String) {
        self.request = request
        self.format = format
        self.showsFixes = showsFixes
        self.strict = strict
        self.fixCommand = fixCommand
    }

    public func run() throws(ExitStatus) {
        var job = try CommandFailure.orExit { () throws(CommandFailure) in
            try CheckJob.prepare(request, teaching: showsFixes ? .fixes : .explanations, value: format == .json ? .json : .none)
        }
        let answer = try job.run()
        let result = job.result(answer, showsFixes: showsFixes)
        switch format {
        case .json:
            // A piece at a time, each written where it is: the value is not copied into one line first.
            fflush(nil)  // nothing printed is left behind in stdout's buffer
            CheckJSON.object(result).write { bytes in
                bytes.withUnsafeBytes { buffer in
                    guard let start = buffer.baseAddress, !buffer.isEmpty else { return }
                    FileHandle.standardOutput.write(
                        Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: start), count: buffer.count, deallocator: .none))
                }
            }
            print()
            if let note = answer.teachingNote { PayloadInput.complain(note) }
        case .text:
            let lines = job.withPayload { payload in
                CheckText(result: result, payloadName: job.payloadName, payload: payload, fixCommand: fixCommand).lines
            }
            print(TerminalSafeText.escapeLines(lines))
        }
        if !result.report.ok { throw .failure }
        if let failure = StrictRule.failure(result.report, rules: strict) {
            PayloadInput.complain(failure)
            throw .failure
        }
    }
}
