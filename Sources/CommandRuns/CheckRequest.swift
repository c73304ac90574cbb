import DecodeWorker
import DecodingEngine

/// What `check` and `fix` are asked to decode, as the command line said it once parsed: the
/// payload (a path, or `-` for standard input), the models, the type expression, the key path's
/// text, the decode options and the time limit. ``CheckJob/prepare(_:teaching:value:)`` makes it
/// the worker's job.
public struct CheckRequest: Sendable {
    public var payload: String
    public var models: ModelSet
    public var typeExpression: String
    /// `--path`, as typed (parsed by the job, which says where its syntax is wrong).
    public var path: String
    public var options: DecodeOptions
    /// `--timeout`, in seconds (nil: the default for the payload's size).
    public var timeout: Double?

    public init(payload: String, models: ModelSet, typeExpression: String, path: String, options: DecodeOptions, timeout: Double?) {
        self.payload = payload
        self.models = models
        self.typeExpression = typeExpression
        self.path = path
        self.options = options
        self.timeout = timeout
    }
}
