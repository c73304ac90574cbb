import DecodingEngine

/// The compiled-mode decode that teaching explains and whose fixes it verifies: the payload file,
/// the type expression, the strategies and the models (with the app's decoder expression, the
/// package target, the module), as the worker's job gave them.
public struct CompiledRequest: Sendable, Hashable {
    public var payloadPath: String
    public var typeExpression: String
    public var options: DecodeOptions
    public var models: ModelSet

    public init(payloadPath: String, typeExpression: String, options: DecodeOptions, models: ModelSet) {
        self.payloadPath = payloadPath
        self.typeExpression = typeExpression
        self.options = options
        self.models = models
    }
}
