import DecodeWorker
import DecodingEngine
import ModelSchema
import Teaching

/// What the explorer decodes with: the user's model files, the type, the strategies.
public struct DecodeSetup: Sendable {
    /// The models (files and folders as the user named them, or the package target), the way
    /// (`--mode`: in auto and compiled mode swiftc, not the schema, judges whether the model
    /// compiles), the app's decoder (`--decoder`) and the module: what every request carries.
    public var models: ModelSet
    /// The model files and folders, as the user named them.
    public var modelPaths: [String] {
        get { models.paths }
        set { models.paths = newValue }
    }
    public var mode: DecodeJob.Mode {
        get { models.mode }
        set { models.mode = newValue }
    }
    /// The parsed models (nil when none were given, or they could not be read).
    public var schema: Schema?
    /// Why the models cannot be used, when they cannot: file:line:col diagnostics.
    public var modelProblems: [String]
    /// The type expression to decode (`Product`, `[Product]`), once chosen.
    public var typeExpression: String?
    public var options: DecodeOptions

    public init(
        modelPaths: [String] = [], schema: Schema? = nil, modelProblems: [String] = [],
        typeExpression: String? = nil, options: DecodeOptions = DecodeOptions(),
        mode: DecodeJob.Mode = .schema, decoderExpression: String? = nil
    ) {
        self.init(
            models: ModelSet(paths: modelPaths, mode: mode, decoderExpression: decoderExpression), schema: schema,
            modelProblems: modelProblems, typeExpression: typeExpression, options: options)
    }

    public init(
        models: ModelSet, schema: Schema? = nil, modelProblems: [String] = [], typeExpression: String? = nil,
        options: DecodeOptions = DecodeOptions()
    ) {
        self.models = models
        self.schema = schema
        self.modelProblems = modelProblems
        self.typeExpression = typeExpression
        self.options = options
    }

    /// Loads the models at `paths`; what goes wrong becomes `modelProblems`, never a throw.
    public static func load(modelPaths paths: [String], typeExpression: String?, options: DecodeOptions) -> DecodeSetup {
        var setup = DecodeSetup(modelPaths: paths, typeExpression: typeExpression, options: options)
        setup.reloadModels()
        return setup
    }

    /// Reads the model files again (after they changed on disk).
    public mutating func reloadModels() {
        guard !modelPaths.isEmpty else { schema = nil; modelProblems = []; return }
        do {
            let loaded = try Schema.load(paths: modelPaths)
            schema = loaded
            // Outside schema mode swiftc decides: the worker compiles the model and shows its own diagnostics.
            modelProblems = mode != .schema ? [] : loaded.diagnostics.filter { $0.severity == .error }.map(\.description)
        } catch {
            schema = nil
            modelProblems = [error.description]
        }
    }

    /// Outside schema mode, the first error the schema engine finds in the model: swiftc
    /// decides whether it compiles when a decode runs, but the user hears of it now.
    /// A package target's types are decided by its build, which knows its dependencies: the schema
    /// engine, reading the target's own files, doubts nothing the user should hear.
    public var schemaDoubt: String? {
        guard mode != .schema, models.package == nil else { return nil }
        return schema?.diagnostics.first { $0.severity == .error }?.description
    }

    /// The types a user can pick, in name order.
    public var typeNames: [String] { schema?.decodableTypeNames ?? [] }

    /// Whether a decode can be asked for, or why not.
    public var readiness: Readiness {
        if modelPaths.isEmpty { return .noModel }
        if let problem = modelProblems.first { return .modelProblem(problem) }
        guard let typeExpression else { return .noType }
        return .ready(typeExpression)
    }

    public enum Readiness: Hashable, Sendable {
        case noModel, noType
        case modelProblem(String)
        case ready(String)
    }
}
