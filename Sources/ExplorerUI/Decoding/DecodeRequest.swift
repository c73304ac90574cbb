import DecodeWorker
import DecodingEngine
import JSONTree
import ModelSchema
import Teaching

/// One decode the explorer asks for: a type at a node, with strategies.
public struct DecodeRequest: Hashable, Sendable {
    /// Increases with every request; a result for an older one is dropped.
    public var id: Int
    public var typeExpression: String
    /// The decode root, as a node of the explorer's tree and as the key path the worker walks.
    public var node: NodeID
    public var path: NodePath
    public var options: DecodeOptions
    /// The setup's models, carried whole to the worker's job (``DecodeSetup/models``).
    public var models: ModelSet
}

/// What a decode in the worker says before its verdict, and which way it decided.
public enum DecodeProgress: Hashable, Sendable {
    /// Compiled mode is compiling the model files with swiftc (the runner was not cached).
    case compiling(CompileStart)
    /// The way that decided (`schema` or `compiled`), and swiftc's time when it compiled.
    case decided(mode: DecodeJob.Mode, compileSeconds: Double?)
    /// The model folder's files the decode left out: they import a module this platform cannot
    /// build (SwiftUI on Linux) and hold nothing it needs (``LeftOutFiles``).
    case leftOut(LeftOutFiles)
}

/// How a decode ended.
public enum DecodeOutcome: Hashable, Sendable {
    case finished(DecodeReport)
    /// Foundation trapped (an app decoding this would crash too).
    case crashed(String)
    /// The worker could not run the request: the reason.
    case failed(String)
    /// swiftc rejected the model (compiled mode): its own diagnostics, file:line:col.
    case doesNotCompile([SourceDiagnostic])
    case cancelled
}

/// Runs decodes somewhere other than the input loop. The explorer calls `start` for each
/// request and `cancel` when one is superseded or the user presses Esc.
public protocol DecodeService: AnyObject, Sendable {
    /// Starts a decode; `completion` is called once, on any thread. When the decode found
    /// errors, `lessons` is called afterwards with their explanations and verified fixes
    /// (nil when they could not be found).
    func start(
        _ request: DecodeRequest, completion: @escaping @Sendable (DecodeOutcome) -> Void,
        lessons: @escaping @Sendable (TeachingReport?) -> Void)
    /// ``start(_:completion:lessons:)`` that also reports, on any thread, what the decode says
    /// before its verdict (compiling) and which way decided.
    func start(
        _ request: DecodeRequest, progress: @escaping @Sendable (DecodeProgress) -> Void,
        completion: @escaping @Sendable (DecodeOutcome) -> Void, lessons: @escaping @Sendable (TeachingReport?) -> Void)
    /// Cancels the running decode, if any (its completion reports `.cancelled`).
    func cancel()
    /// Asks the finished decode `requestID` for the decoded value at one node (the value and
    /// source views), without waiting: the value stays where it was decoded, and only the node
    /// asked about crosses. `answer` is called once, on any thread; a decode superseded since, or
    /// whose worker is gone, answers ``ValueQuery/Answer/unavailable(_:)``.
    func value(
        _ query: ValueQuery, ofDecode requestID: Int, answer: @escaping @Sendable (ValueQuery.Answer) -> Void)
}

extension DecodeService {
    /// A service that decodes in one way only reports no progress.
    public func start(
        _ request: DecodeRequest, progress: @escaping @Sendable (DecodeProgress) -> Void,
        completion: @escaping @Sendable (DecodeOutcome) -> Void, lessons: @escaping @Sendable (TeachingReport?) -> Void
    ) {
        start(request, completion: completion, lessons: lessons)
    }
}
