import CodableExplorerRunner
import Foundation

/// The `JSONDecoder` strategies to decode with, as a user's app would configure them.
public struct DecodeOptions: Sendable, Hashable, Codable {
    // The strategies' vocabulary is the runner's (one for the engine, the worker and the runner).
    public typealias KeyStrategy = RunnerOptions.Keys
    public typealias DateStrategy = RunnerOptions.Dates
    public typealias DataStrategy = RunnerOptions.DataStrategy

    public enum FloatStrategy: Sendable, Hashable, Codable {
        case `throw`
        case convertFromString(positiveInfinity: String, negativeInfinity: String, nan: String)
    }

    public var keys: KeyStrategy
    public var dates: DateStrategy
    public var data: DataStrategy
    public var floats: FloatStrategy
    public var allowsJSON5: Bool
    /// Go on past each failed property, array element and dictionary value and report every
    /// independent error, the one `JSONDecoder` throws first. Not a `JSONDecoder` setting.
    public var allErrors: Bool
    /// Keep a trace of the container calls (for the teaching view). Not a `JSONDecoder` setting.
    public var tracesCalls: Bool
    /// Record what type each node was decoded as, and the property that read it
    /// (``DecodeReport/nodeTypes``). Not a `JSONDecoder` setting. A traced decode records them too.
    public var recordsNodeTypes: Bool
    /// List the keys the payload sends that the model never reads (``DecodeReport/unreadKeys``); in
    /// compiled mode the decode is then traced. Not a `JSONDecoder` setting.
    public var listsUnreadKeys = false

    public init(
        keys: KeyStrategy = .useDefaultKeys, dates: DateStrategy = .deferredToDate, data: DataStrategy = .base64,
        floats: FloatStrategy = .throw, allowsJSON5: Bool = false, allErrors: Bool = false, tracesCalls: Bool = false,
        recordsNodeTypes: Bool = false
    ) {
        self.keys = keys
        self.dates = dates
        self.data = data
        self.floats = floats
        self.allowsJSON5 = allowsJSON5
        self.allErrors = allErrors
        self.tracesCalls = tracesCalls
        self.recordsNodeTypes = recordsNodeTypes
    }

    /// Whether the decode records ``NodeTypes``: asked for, or for the stepping view's trace.
    var recordsTypes: Bool { recordsNodeTypes || tracesCalls }

    /// A `JSONDecoder` configured with these strategies: made where the runner makes its own
    /// (``RunnerOptions/decoder()``), so the schema engine and a compiled runner decode alike.
    func makeDecoder() -> JSONDecoder {
        RunnerOptions(self).decoder()
    }
}
