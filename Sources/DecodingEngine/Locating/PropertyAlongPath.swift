import JSONTree
import ModelSchema

/// The model property an error's coding path ends at, read from the schema: compiled mode's
/// errors come from the runner, which knows no properties, while the schema engine's own decode
/// notes the property it was reading. Only a type the compiler synthesizes is read (its coding
/// keys are the properties'); a hand-written `init(from:)` may read any key in any way.
public enum PropertyAlongPath {
    /// The property whose coding key is the path's last key (for `keyNotFound`, the missing key), in
    /// the synthesized type the path leads to from `root`; nil when the path leaves the schema's types.
    public static func property(
        of error: LocatedDecodingError, below prefix: Int, from root: TypeRef, in schema: Schema
    )
        -> PropertySchema?
    {
        var path = Array(error.codingPath.dropFirst(prefix))
        if error.kind == .keyNotFound, let key = error.key { path.append(.key(key)) }
        guard !path.isEmpty else { return nil }
        var type = root
        var found: PropertySchema?
        for step in path {
            while case .optional(let wrapped) = type { type = wrapped }
            found = nil
            switch (type, step) {
            case (.array(let element), .index), (.set(let element), .index): type = element
            case (.dictionary(_, let value), .key): type = value
            case (.named, .key(let key)):
                guard let schemaType = schema.typeSchema(for: type), case .keyed(let properties)? = schemaType.decoding,
                    let property = properties.first(where: { $0.isDecoded && $0.codingKey?.stringValue == key }),
                    let next = property.type
                else { return nil }
                found = property
                type = next
            default: return nil
            }
        }
        return found
    }
}
