/// A hand-written `init(from:)` as compiled mode shows and edits it: its source lines, every
/// container call it makes (with what the call's receiver is, its key and its type), the coding
/// key enums of its type and the stored properties the calls assign.
///
/// For
///
///     init(from decoder: Decoder) throws {                                  // line 16
///         let container = try decoder.container(keyedBy: CodingKeys.self)   // decoder, depth 0
///         id = try container.decode(Int.self, forKey: .id)                  // keyed, depth 0, key .id
///         let profile = try container.nestedContainer(keyedBy: ProfileKeys.self, forKey: .profile)
///         name = try profile.decode(String.self, forKey: .name)             // keyed, depth 1, key .name
///     }
///
/// the calls are read statically: a receiver is followed back to the `let` that made it, so a
/// call knows how many containers below the initializer's decoder it runs (its depth) and which
/// key enum its `.name` belongs to. A runtime trace call (a key's `stringValue`, a depth) is tied to
/// these sites by ``Schema/handWrittenInit(of:)``'s users; nothing here guesses at runtime values.
public struct HandWrittenInit: Sendable, Hashable {
    /// One container call in the initializer's body.
    public struct CallSite: Sendable, Hashable {
        /// What the call is made on.
        public enum Receiver: String, Sendable, Hashable {
            /// The initializer's decoder (or a `superDecoder` taken from a container).
            case decoder
            case keyed, unkeyed, single
            /// A receiver the reader could not follow (a parameter, a property, a function result).
            case unknown
        }

        public var receiver: Receiver
        /// `decode`, `decodeIfPresent`, `contains`, `decodeNil`, `nestedContainer`, `container`, …
        public var method: String
        /// The key enum case of `forKey: .name` (or `CodingKeys.name`); nil without a literal case.
        public var keyCase: String?
        /// Whether the call has a `forKey:` argument at all.
        public var hasKeyArgument: Bool
        /// The `forKey:` argument as written (`.name`, `code`, `AnyKey("id")`); nil without one.
        public var keyText: String?
        /// The key enum the receiver was made with (`container(keyedBy: ProfileKeys.self)`), when known.
        public var keyEnum: String?
        /// `String` of `decode(String.self, …)`, as written.
        public var typeText: String?
        /// How many containers below the initializer's decoder the receiver is; nil when unknown.
        public var depth: Int?
        public var location: ModelLocation
        /// The UTF-8 range of the method's name (`decode`) in the file.
        public var methodRange: Range<Int>
        /// The UTF-8 range of the type (`String` of `String.self`) in the file.
        public var typeRange: Range<Int>?
        /// The UTF-8 offset just after the call's closing parenthesis.
        public var callEnd: Int
        /// The stored property the call's result is assigned to (`name = try …`, `self.name = try …`).
        public var property: String?
        /// The local constant or variable the call's result initializes (`let height = try …`).
        public var local: String?
    }

    /// A stored property's declared type, where it is written in the file.
    public struct Property: Sendable, Hashable {
        public var name: String
        public var typeText: String
        public var typeRange: Range<Int>
        public var file: String
    }

    /// The type's qualified name (`Zoo.Animal`).
    public var typeName: String
    /// The file the initializer is in.
    public var file: String
    /// The initializer's first line (1-based) and its lines, as written.
    public var firstLine: Int
    public var lines: [String]
    /// Every container call in the body, in source order.
    public var calls: [CallSite]
    /// Each coding key enum declared in the type: case name to `stringValue`.
    public var keyEnums: [String: [String: String]]
    /// The stored properties with a written type, by name.
    public var properties: [String: Property]

    /// The calls whose line is `line` (1-based, in the file).
    public func calls(onLine line: Int) -> [CallSite] {
        calls.filter { $0.location.line == line }
    }

    /// The key enum cases, in any of the type's key enums (or `keyEnum` only, when given), whose
    /// `stringValue` is `key`.
    public func keyCases(for key: String, in keyEnum: String? = nil) -> Set<String> {
        var result: Set<String> = []
        for (name, cases) in keyEnums where keyEnum == nil || keyEnum == name {
            for (caseName, value) in cases where value == key { result.insert(caseName) }
        }
        return result
    }
}
