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

/// Where a capture and its routes come from, as `check` and `infer` are told.
struct CaptureInput {
    var routes: String?
    var jsonLines: Bool

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

    /// The capture at `payload` (a file, standard input, or a folder of responses), its structure checked.
    func open(_ payload: String) throws(CommandFailure) -> Capture {
        do {
            if isFolder(payload) { return try Capture.openFolder(payload) }
            return try Capture.open(try PayloadInput.read(payload), format: format(of: payload), file: PayloadInput.displayName(payload))
        } catch let error as CaptureError {
            throw .capture(error)
        } catch let error as CommandFailure {
            throw error
        } catch {
            throw .cannotRead(name: PayloadInput.displayName(payload), reason: String(describing: error))
        }
    }

    /// The routes file's rules.
    func routeTable(_ file: String) throws(CommandFailure) -> RouteTable {
        let text: String
        do { text = String(decoding: try PayloadInput.read(file), as: UTF8.self) } catch {
            throw .routes(RouteError(file: file, line: 1, column: 1, reason: .unreadable(error.description)))
        }
        do { return try RouteTable.parse(text, file: file) } catch { throw .routes(error) }
    }
}
