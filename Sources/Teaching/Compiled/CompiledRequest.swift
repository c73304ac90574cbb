import DecodingEngine

/// The compiled-mode decode that teaching explains and whose fixes it verifies: the payload file,
/// the type and decoder expressions and the strategies, as the worker's job gave them.
public struct CompiledRequest: Sendable, Hashable {
    public var payloadPath: String
    public var typeExpression: String
    /// The app's decoder expression (`makeDecoder()`); nil for the decoder `options` describe.
    public var decoderExpression: String?
    public var options: DecodeOptions
    /// The package target the models are: a fix's edit is compiled in place of the target's build.
    public var package: PackageTarget?
    /// Loose model files' module (`--module-name`).
    public var moduleName: String?

    public init(payloadPath: String, typeExpression: String, decoderExpression: String?, options: DecodeOptions) {
        self.payloadPath = payloadPath
        self.typeExpression = typeExpression
        self.decoderExpression = decoderExpression
        self.options = options
    }
}
