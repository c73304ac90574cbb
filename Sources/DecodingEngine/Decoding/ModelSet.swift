/// Which way a decode goes: `schema` (the schema engine), `compiled` (the model compiled with
/// swiftc, decoded by its own code), or `auto`: compiled where the schema engine cannot interpret a
/// reachable type exactly, schema otherwise.
public enum DecodeMode: String, Sendable, Hashable, Codable, CaseIterable { case auto, schema, compiled }

/// The user's models as a decode names them, and how their code is compiled: the part of a decode
/// request that every layer carries whole (the explorer's setup and requests, the worker's job,
/// compiled teaching), so a new setting of the models is one property here, read where it is used.
public struct ModelSet: Sendable, Hashable, Codable {
    /// Swift model files or folders of them (a package target's: its folder).
    public var paths: [String]
    public var mode: DecodeMode
    /// A Swift expression from the model sources yielding the app's configured `JSONDecoder`
    /// (`--decoder`, compiled mode); nil for the decoder the options describe.
    public var decoderExpression: String?
    /// The package target the models are (`--package` and `--target`); nil: loose files, or found
    /// from the paths when they lie in a target (``PackageTarget/enclosing(_:)``).
    public var package: PackageTarget?
    /// Loose model files' module (`--module-name`); nil: `Models`.
    public var moduleName: String?
    /// What the app's build tells swiftc that changes what the code means (an Xcode target's
    /// settings, `--project`); empty: swiftc's defaults.
    public var settings = SwiftCompilerSettings()
    /// The package target's SPIs the runner imports (`--spi NAME`: `@_spi(NAME) import`), so types
    /// declared behind them are in reach.
    public var spis: [String]

    public init(
        paths: [String] = [], mode: DecodeMode = .schema, decoderExpression: String? = nil, package: PackageTarget? = nil,
        moduleName: String? = nil, spis: [String] = []
    ) {
        self.paths = paths
        self.mode = mode
        self.decoderExpression = decoderExpression
        self.package = package
        self.moduleName = moduleName
        self.spis = spis
    }
}
