import Capture
import Foundation

/// Where a capture and its routes come from, as `check` and `infer` are told.
public struct CaptureInput: Sendable {
    public var routes: String?
    public var jsonLines: Bool

    public init(routes: String?, jsonLines: Bool) {
        self.routes = routes
        self.jsonLines = jsonLines
    }

    /// Whether the payload is a capture: routes are given, JSON Lines are asked for, or its name
    /// says HAR or JSON Lines.
    public func isCapture(_ payload: String) -> Bool {
        let lower = payload.lowercased()
        return routes != nil || jsonLines || lower.hasSuffix(".har") || Capture.Format.guessed(fromName: payload) == .jsonLines
            || isFolder(payload)
    }

    /// Whether the payload is a folder of recorded responses.
    public func isFolder(_ payload: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: payload, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The capture's format.
    public func format(of payload: String) -> Capture.Format { jsonLines ? .jsonLines : .guessed(fromName: payload) }

    /// The capture at `payload` (a file, standard input, or a folder of responses), its structure checked.
    public func open(_ payload: String) throws(CommandFailure) -> Capture {
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
    public func routeTable(_ file: String) throws(CommandFailure) -> RouteTable {
        let text: String
        do { text = String(decoding: try PayloadInput.read(file), as: UTF8.self) } catch {
            throw .routes(RouteError(file: file, line: 1, column: 1, reason: .unreadable(error.description)))
        }
        do { return try RouteTable.parse(text, file: file) } catch { throw .routes(error) }
    }
}
