/// One generated type: a struct, a raw-value enum of strings, or an enum with associated
/// values for a position that holds several JSON kinds.
struct Declaration: Hashable, Sendable {
    struct Property: Hashable, Sendable {
        var name: PropertyName
        var type: SwiftType
        /// A remark for the reader, rendered as a trailing comment.
        var note: String?
    }

    struct EnumCase: Hashable, Sendable {
        var name: String
        var rawValue: String
    }

    struct UnionCase: Hashable, Sendable {
        /// `bool`, `int`, `double`, `decimal`, `string`, `date`, `array`, `object`.
        var name: String
        var type: SwiftType
    }

    enum Body: Hashable, Sendable {
        case structure([Property])
        case stringEnum([EnumCase])
        case union([UnionCase])
    }

    var body: Body
    /// The name the declaration would like, from its key (``TypeNames``).
    var nameHint: String
    /// The declaration it was first met in, whose name prefixes this one's on a collision.
    var parent: Int?
    /// How deep it was first met: shallower declarations choose their names first.
    var depth: Int
    /// The payload position it describes, for its doc comment.
    var path: String
    /// The final, collision-free name (``NameAssigner``).
    var name = ""
}
