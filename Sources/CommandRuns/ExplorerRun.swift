import ExplorerUI
import Foundation
import JSONTree

/// The explorer: a capture as its list, or a payload (standard input piped in, else the bundled
/// sample's private copy) as the tree, started again on the payload of a scenario picked with `S`.
public struct ExplorerRun {
    public var request: ExplorerRequest
    /// The payload file, or `-`; nil: a piped standard input, else the tour's first scenario.
    public var payload: String?
    /// `--routes`: the payload is a capture.
    public var routes: String?
    /// `--keys`: the key map file (default: $XDG_CONFIG_HOME/codable-explorer/keys.conf).
    public var keysFile: String?
    public var mouse: Bool

    public init(request: ExplorerRequest, payload: String?, routes: String?, keysFile: String?, mouse: Bool) {
        self.request = request
        self.payload = payload
        self.routes = routes
        self.keysFile = keysFile
        self.mouse = mouse
    }

    /// The payload to open: a large file's first megabyte, with the file's size (the rest is read
    /// once the screen is up), else the whole of it.
    static func load(_ path: String?, samples: URL?) throws(ExitStatus) -> (String, [UInt8], Int?) {
        if let path, let prefix = PayloadInput.prefix(of: path) { return (path, prefix.bytes, prefix.wholeByteCount) }
        let (path, bytes) = try PayloadInput.loadOrExit(path, samples: samples)
        return (path, bytes, nil)
    }

    public func run() throws(ExitStatus) {
        // Keys first: a broken keys.conf is reported before anything is read or drawn.
        let keyMap: KeyMap
        switch KeyMapConfig.load(path: keysFile) {
        case .success(let map): keyMap = map
        case .failure(let failure):
            FileHandle.standardError.write(Data((TerminalSafeText.escapeLines(failure.description) + "\n").utf8))
            throw .cannotRun
        }
        // A capture (a HAR, routes given, a folder of responses) opens as a list of its entries.
        if CaptureExplorer.opens(payload, routes: routes, jsonLines: request.jsonLines), let payload {
            try CaptureExplorer(request: request, routes: routes, mouse: mouse, keyMap: keyMap).run(payload)
            return
        }
        let given = payload ?? PayloadInput.pipedStandardInput()
        // The tour (no payload, or `S`) works on a private copy of the samples: a fix written there
        // never changes the bundled files.
        let bundled = SamplePayloads.folder()
        let opensASample = given.map { path in bundled.map { SamplePayloads.contains($0, path) } ?? false } ?? true
        let tour = opensASample ? SamplePayloads.privateCopy() : nil
        var next: (String, [UInt8], Int?)? = try Self.load(given, samples: tour ?? bundled)
        var request = self.request
        // A scenario picked with `S` starts the explorer again on its payload.
        while let (path, bytes, wholeByteCount) = next {
            let launch = try ExplorerLaunch.prepare(
                request, payloadPath: path, bytes: bytes, wholeByteCount: wholeByteCount, tour: tour)
            let backend: NcursesBackend
            do {
                backend = try NcursesBackend(mouse: mouse)
            } catch {
                PayloadInput.complain(error.description)
                throw .cannotRun
            }
            let app = ExplorerApp(state: launch.state, backend: backend, keyMap: keyMap, services: launch.services)
            app.run(initial: launch.initialActions)
            next = nil
            if let picked = app.nextPayload { next = try Self.load(picked, samples: nil) }
            // The scenario brings its own model, type, path and strategies (scenario.json).
            request.sources.models = []
            request.typeExpression = nil
            request.path = nil
            request.scenario = nil
        }
    }
}
