import CodableExplorerRunner
import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Teaching

/// One decode, as the parent (`check`, `fix`, the explorer, a test) hands it to the worker
/// child on its standard input: everything the child needs to prepare once (read the payload,
/// scan it, parse the model, resolve the type and the path) and decode.
///
/// Typed, not command-line flags: the worker reads exactly what the parent meant, and a new
/// field (the compiled mode's decoder expression) is one more property, not one more flag to
/// spell twice.
public struct DecodeJob: Sendable, Hashable, Codable {
    /// Which way the child decodes (``DecodeWay``).
    public typealias Mode = DecodeMode

    /// What the child does after sending the verdict.
    public enum Teaching: String, Sendable, Hashable, Codable {
        /// The verdict only.
        case none
        /// Each error explained in plain words (reads the tree and the model; decodes nothing).
        case explanations
        /// Explanations and verified fixes (each fix is checked by decoding again).
        case fixes
    }

    /// How the decoded value comes back.
    public enum ValueDelivery: String, Sendable, Hashable, Codable {
        /// Not at all (`fix`, and a verdict that only needs the errors).
        case none
        /// As the JSON of the `value` field of check-output.md, rendered by the child and sent
        /// as raw text after the report (``WorkerReply/valueJSON(_:)``): `check --format json`.
        case json
        /// As the `DecodedValue` tree, right after the report (``WorkerReply/value(_:)``).
        case tree
        /// One node at a time: after its replies the child stays, holding the value, and answers
        /// each ``ValueQuery`` read from its standard input until the input ends (the explorer's
        /// value view, which shows the node under the cursor, never the whole document).
        case onDemand

        /// The explorer's ways (a compiled decode traces for them: the tree shows what was read).
        var isForTheExplorer: Bool { self == .tree || self == .onDemand }
    }

    /// The wire format's version: a child that reads a job of another version refuses it
    /// (``DecodeServer``); the coding is synthesized, so a new field is one property.
    public static let version = 5

    public var version = DecodeJob.version
    /// The request's number, which every reply to it names (``WorkerFrames``): the client sets it.
    public var request = 1
    /// A file holding the payload; with ``payloadAttached``, only the payload's name.
    public var payloadPath: String
    /// The payload's bytes follow the job on the worker's input, in a frame of their own
    /// (``WorkerInput/payloadKind``): standard input, read once by the parent, is handed over so,
    /// never copied to a file for the child to read again.
    public var payloadAttached = false
    /// The models, how they compile, and the app's decoder: carried whole from the command line.
    public var models: ModelSet
    /// The type expression to decode, as the user wrote it (`[Product]`, `Page<Song>`).
    public var typeExpression: String
    /// The decode root; may hold bare numbers that the child settles against the payload.
    public var path: NodePath
    public var options: DecodeOptions
    public var teaching: Teaching
    public var value: ValueDelivery
    /// How long a compiled decode may run before it is stopped (`--timeout`); nil: a default that
    /// grows with the payload (``TimeLimit/standard(payloadBytes:)``).
    public var timeLimit: Double?
    /// Files of the package target as edits make them (path: edited text), compiled in place of the
    /// target's own build (`fix --apply 2,4` decodes the fixes together so).
    public var packageEdits: [String: String]?
    /// Every type expression the jobs of a session decode (``DecodeSession``: each route of a
    /// capture): a compiled runner is built once for all of them, not once per type. Nil: this
    /// job's type only.
    public var sessionTypes: [String]?
    /// Screen the bodies of the payload file instead of checking it, this many, laid out as
    /// ``ScreenFile`` says (a capture's entries that share this job's type and path): one
    /// ``WorkerReply/screened(_:)`` says which decode as they are (``ScreenVerdict``); each other
    /// body is then checked alone.
    public var screen: Int?
    /// The body is expected to fail (a capture's screen saw its decode throw): in compiled mode its
    /// decode is traced at once, for the explanations, which otherwise decode it again traced.
    /// The report sent is the same either way (``PreparedDecode/tracesForTeaching``).
    public var expectsErrors = false

    /// The type expressions a compiled runner for this job is built for: the session's, with this
    /// job's among them.
    var runnerTypes: [String] {
        guard let sessionTypes else { return [typeExpression] }
        return sessionTypes.contains(typeExpression) ? sessionTypes : sessionTypes + [typeExpression]
    }

    public init(
        payloadPath: String, models: ModelSet, typeExpression: String, path: NodePath = .root,
        options: DecodeOptions = DecodeOptions(), teaching: Teaching = .none, value: ValueDelivery = .tree
    ) {
        self.payloadPath = payloadPath
        self.models = models
        self.typeExpression = typeExpression
        self.path = path
        self.options = options
        self.teaching = teaching
        self.value = value
    }

    /// A job for loose model files or folders (tests, and callers that name nothing else).
    public init(
        payloadPath: String, modelPaths: [String], typeExpression: String, path: NodePath = .root,
        options: DecodeOptions = DecodeOptions(), mode: Mode = .schema, decoderExpression: String? = nil,
        teaching: Teaching = .none, value: ValueDelivery = .tree
    ) {
        self.init(
            payloadPath: payloadPath, models: ModelSet(paths: modelPaths, mode: mode, decoderExpression: decoderExpression),
            typeExpression: typeExpression, path: path, options: options, teaching: teaching, value: value)
    }
}
