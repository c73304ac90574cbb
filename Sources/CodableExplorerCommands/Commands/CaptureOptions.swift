import ArgumentParser
import Capture
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

    @Flag(help: "With a capture: also fail on entries no route covers and on error responses.")
    var strict = false

    /// Whether the payload is a capture: routes are given, JSON Lines are asked for, or its name
    /// says HAR or JSON Lines.
    func isCapture(_ payload: String) -> Bool {
        let lower = payload.lowercased()
        return routes != nil || jsonLines || lower.hasSuffix(".har") || Capture.Format.guessed(fromName: payload) == .jsonLines
            || isFolder(payload)
    }

    /// Whether the payload is a folder of recorded responses.
    func isFolder(_ payload: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: payload, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The capture's format.
    func format(of payload: String) -> Capture.Format { jsonLines ? .jsonLines : .guessed(fromName: payload) }
}
