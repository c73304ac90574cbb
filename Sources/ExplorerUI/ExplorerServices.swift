import JSONTree

/// What the explorer needs from the world beyond the terminal: a place to decode, a way to
/// read the payload and the models again, a watch on their files. Tests pass in-process
/// versions; the executable passes a worker process and the real files.
public struct ExplorerServices: Sendable {
    public var decoder: DecodeService?
    public var watcher: FileWatcher?
    /// Reads and parses the payload again; a message says why it cannot.
    public var loadPayload: (@Sendable () -> Result<ReloadedPayload, ReloadFailure>)?
    /// Reads and parses the whole payload when the explorer opened on its prefix's tree
    /// (``JSONTree/isPrefix``): run off the input loop once the first frame is painted.
    public var readWholePayload: (@Sendable () -> Result<ReloadedPayload, ReloadFailure>)?
    /// Reads the models again.
    public var loadModels: (@Sendable (DecodeSetup) -> DecodeSetup)?
    /// Where `I` writes inferred models (the payload's folder; nil: the temporary folder).
    public var inferredModelsFolder: String?
    /// Frame timings for the benchmark, when asked for.
    public var frameLog: FrameLog?
    /// A program that puts text on the clipboard (`xclip`); nil: OSC 52 through the terminal.
    public var clipboardCommand: ClipboardCommand?

    public init(
        decoder: DecodeService? = nil, watcher: FileWatcher? = nil,
        loadPayload: (@Sendable () -> Result<ReloadedPayload, ReloadFailure>)? = nil,
        loadModels: (@Sendable (DecodeSetup) -> DecodeSetup)? = nil, frameLog: FrameLog? = nil,
        inferredModelsFolder: String? = nil
    ) {
        self.inferredModelsFolder = inferredModelsFolder
        self.frameLog = frameLog
        self.decoder = decoder
        self.watcher = watcher
        self.loadPayload = loadPayload
        self.loadModels = loadModels
    }

    public static let none = ExplorerServices()
}

/// Why a payload could not be read again: what and where.
public struct ReloadFailure: Error, Sendable, Hashable {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }
}
