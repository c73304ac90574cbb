/// What to infer and how the generated code should read the payload.
public struct InferenceOptions: Hashable, Sendable {
    /// How the payload's keys become property names.
    public enum KeyStrategy: String, Hashable, Sendable, CaseIterable {
        /// Properties named as the keys (CodingKeys for keys that are not Swift identifiers).
        case useDefaultKeys
        /// Properties named as `JSONDecoder`'s `.convertFromSnakeCase` names them, which
        /// `makeDecoder()` then sets (`base_url` becomes `baseUrl`, never `baseURL`).
        case convertFromSnakeCase
    }

    /// The name of the type that decodes the node itself.
    public var rootName: String
    public var keyStrategy: KeyStrategy
    /// Whether small closed sets of strings become `String` raw-value enums.
    public var stringEnums: Bool

    public init(rootName: String = "Root", keyStrategy: KeyStrategy = .useDefaultKeys, stringEnums: Bool = false) {
        self.rootName = rootName
        self.keyStrategy = keyStrategy
        self.stringEnums = stringEnums
    }

    /// Why ``rootName`` cannot name a type (not an identifier, or a name Swift or Foundation
    /// already uses), or nil when it can.
    public var rootNameProblem: String? { TypeNames.problem(withRootName: rootName) }
}
