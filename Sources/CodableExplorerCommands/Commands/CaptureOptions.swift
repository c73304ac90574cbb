import ArgumentParser
import Capture
import CommandRuns
import Foundation

/// `check`'s options for a capture of recorded traffic (HAR, JSON Lines).
struct CaptureOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "A routes file: which type decodes which response of a capture (METHOD PATTERN TYPE [at KEYPATH] [status LIST]).",
            valueName: "file"))
    var routes: String?

    @Flag(name: .customLong("json-lines"), help: "Read the payload as JSON Lines: each line is one payload (.jsonl and .ndjson are).")
    var jsonLines = false

    /// How the payload is read as a capture.
    var input: CaptureInput { CaptureInput(routes: routes, jsonLines: jsonLines) }

    func isCapture(_ payload: String) -> Bool { input.isCapture(payload) }
}
