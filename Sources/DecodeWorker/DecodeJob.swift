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
    /// Which way the child decodes: `schema` (the schema engine), `compiled` (the model
    /// compiled with swiftc, decoded by its own code), or `auto`: compiled where the schema
    /// engine cannot interpret a reachable type exactly, schema otherwise (``DecodeWay``).
    public enum Mode: String, Sendable, Hashable, Codable, CaseIterable { case auto, schema, compiled }

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

    /// The wire format's version: a child that reads a job of another version refuses it.
    public static let version = 1

    public var version = DecodeJob.version
    /// A file holding the payload (standard input's is a temporary copy the parent made).
    public var payloadPath: String
    /// Swift model files or folders of them.
    public var modelPaths: [String]
    /// The type expression to decode, as the user wrote it (`[Product]`, `Page<Song>`).
    public var typeExpression: String
    /// The decode root; may hold bare numbers that the child settles against the payload.
    public var path: NodePath
    public var options: DecodeOptions
    public var mode: Mode = .schema
    /// A Swift expression from the model sources yielding the app's configured `JSONDecoder`
    /// (compiled mode); nil for the decoder that `options` describes.
    public var decoderExpression: String?
    public var teaching: Teaching
    public var value: ValueDelivery
    /// How long a compiled decode may run before it is stopped (`--timeout`); nil: a default that
    /// grows with the payload (``TimeLimit/standard(payloadBytes:)``).
    public var timeLimit: Double?
    /// The package target the models are (`--package` and `--target`); nil: the worker finds it from
    /// the model paths when they lie in one (``PackageTarget/enclosing(_:)``), else loose files.
    public var package: PackageTarget?
    /// Files of the package target as edits make them (path: edited text), compiled in place of the
    /// target's own build (`fix --apply 2,4` decodes the fixes together so).
    public var packageEdits: [String: String]?
    /// Loose model files' module (`--module-name`); nil: `Models`.
    public var moduleName: String?

    public init(
        payloadPath: String, modelPaths: [String], typeExpression: String, path: NodePath = .root,
        options: DecodeOptions = DecodeOptions(), mode: Mode = .schema, decoderExpression: String? = nil,
        teaching: Teaching = .none, value: ValueDelivery = .tree
    ) {
        self.payloadPath = payloadPath
        self.modelPaths = modelPaths
        self.typeExpression = typeExpression
        self.path = path
        self.options = options
        self.mode = mode
        self.decoderExpression = decoderExpression
        self.teaching = teaching
        self.value = value
    }

    private enum CodingKeys: String, CodingKey {
        case version, payloadPath, modelPaths, typeExpression, path, options, mode, decoderExpression, teaching, value, timeLimit, package,
            packageEdits, moduleName
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decode(Int.self, forKey: .version)
        guard version == Self.version else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container,
                debugDescription: "a decode job of version \(version); this worker reads version \(Self.version)")
        }
        payloadPath = try container.decode(String.self, forKey: .payloadPath)
        modelPaths = try container.decode([String].self, forKey: .modelPaths)
        typeExpression = try container.decode(String.self, forKey: .typeExpression)
        path = try container.decode(NodePath.self, forKey: .path)
        options = try container.decode(DecodeOptions.self, forKey: .options)
        mode = try container.decode(Mode.self, forKey: .mode)
        decoderExpression = try container.decodeIfPresent(String.self, forKey: .decoderExpression)
        teaching = try container.decode(Teaching.self, forKey: .teaching)
        value = try container.decode(ValueDelivery.self, forKey: .value)
        timeLimit = try container.decodeIfPresent(Double.self, forKey: .timeLimit)
        package = try container.decodeIfPresent(PackageTarget.self, forKey: .package)
        packageEdits = try container.decodeIfPresent([String: String].self, forKey: .packageEdits)
        moduleName = try container.decodeIfPresent(String.self, forKey: .moduleName)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(payloadPath, forKey: .payloadPath)
        try container.encode(modelPaths, forKey: .modelPaths)
        try container.encode(typeExpression, forKey: .typeExpression)
        try container.encode(path, forKey: .path)
        try container.encode(options, forKey: .options)
        try container.encode(mode, forKey: .mode)
        try container.encodeIfPresent(decoderExpression, forKey: .decoderExpression)
        try container.encode(teaching, forKey: .teaching)
        try container.encode(value, forKey: .value)
        try container.encodeIfPresent(timeLimit, forKey: .timeLimit)
        try container.encodeIfPresent(package, forKey: .package)
        try container.encodeIfPresent(packageEdits, forKey: .packageEdits)
        try container.encodeIfPresent(moduleName, forKey: .moduleName)
    }
}
