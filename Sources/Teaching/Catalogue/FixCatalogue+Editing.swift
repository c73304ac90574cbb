import DecodingEngine
import JSONTree
import ModelSchema

/// Source edits the catalogue's entries share.
extension FixCatalogue {
    func text(of path: String) -> SwiftSourceText? {
        schema.sources.first { $0.path == path }.map { SwiftSourceText($0.text) }
    }

    /// The declaration of a property in its file.
    func declaration(of property: PropertySchema) -> (text: SwiftSourceText, declaration: PropertyDeclaration)? {
        guard let text = text(of: property.location.file), let offset = text.offset(of: property.location),
            let declaration = text.property(at: offset)
        else { return nil }
        return (text, declaration)
    }

    /// Replaces the property's written type.
    func retype(_ property: PropertySchema, to newType: String) -> FileEdits? {
        guard case let (_, declaration)? = declaration(of: property) else { return nil }
        return FileEdits(path: property.location.file, edits: [TextEdit(range: declaration.type, replacement: newType)])
    }

    /// `@Attribute var name: NewType`: a property wrapper needs `var` and a declaration of its own.
    func wrap(_ property: PropertySchema, in attribute: String, newType: String? = nil) -> [TextEdit]? {
        guard case let (text, declaration)? = declaration(of: property), declaration.standsAlone,
            !property.declarationText.contains("lazy")
        else { return nil }
        var edits = [TextEdit(range: declaration.attributeInsertion..<declaration.attributeInsertion, replacement: "@\(attribute) ")]
        if text.string(declaration.keyword) == "let" { edits.append(TextEdit(range: declaration.keyword, replacement: "var")) }
        if let newType { edits.append(TextEdit(range: declaration.type, replacement: newType)) }
        return edits
    }

    /// Appends a helper type to the end of a file, unless the model already declares it.
    func helper(_ helper: HelperSource, in path: String) -> [TextEdit] {
        guard schema.types[helper.name] == nil, let text = text(of: path) else { return [] }
        let end = text.bytes.count
        let separator = text.bytes.last == 0x0A ? "\n" : "\n\n"
        return [TextEdit(range: end..<end, replacement: separator + helper.code)]
    }

    /// Lines added at the end of a type's body (its first declaration).
    func members(_ lines: [String], in type: TypeSchema) -> FileEdits? {
        guard let text = text(of: type.location.file), let start = text.offset(of: type.location),
            let body = text.braces(from: start)
        else { return nil }
        return FileEdits(path: type.location.file, edits: [text.insertingMembers(lines, body: body)])
    }

    /// Maps properties to other keys: edits the cases of the type's `CodingKeys`, or declares
    /// `CodingKeys` listing every decoded property when the type has none.
    func mapKeys(_ mappings: [(property: PropertySchema, key: String)], in type: TypeSchema) -> FileEdits? {
        if let keys = schema.types[type.qualifiedName + ".CodingKeys"], let text = text(of: keys.location.file) {
            var edits: [TextEdit] = []
            for (property, key) in mappings {
                guard let element = keys.cases.first(where: { $0.name == property.name }),
                    let start = text.offset(of: element.location)
                else { return nil }
                let nameEnd = text.identifierEnd(from: start)
                let afterName = text.skipSpaces(from: nameEnd)
                if afterName < text.bytes.count, text.bytes[afterName] == 0x3D {
                    let valueStart = text.skipSpaces(from: afterName + 1)
                    guard let valueEnd = text.stringEnd(from: valueStart) else { return nil }
                    edits.append(TextEdit(range: valueStart..<valueEnd, replacement: Self.literal(key)))
                } else {
                    edits.append(TextEdit(range: nameEnd..<nameEnd, replacement: " = " + Self.literal(key)))
                }
            }
            return FileEdits(path: keys.location.file, edits: edits)
        }
        guard case .keyed(let decoded)? = type.decoding else { return nil }
        let names = Set(decoded.filter(\.isDecoded).map(\.name))
        var lines = ["enum CodingKeys: String, CodingKey {"]
        for property in type.properties where names.contains(property.name) {
            let name = SwiftNames.identifier(property.name)
            if let mapped = mappings.first(where: { $0.property.name == property.name }) {
                lines.append("    case \(name) = \(Self.literal(mapped.key))")
            } else if let key = property.codingKey, key.stringValue != property.name {
                lines.append("    case \(name) = \(Self.literal(key.stringValue))")
            } else {
                lines.append("    case \(name)")
            }
        }
        lines.append("}")
        return members(lines, in: type)
    }

    /// A Swift string literal, escaped.
    static func literal(_ s: String) -> String { SwiftNames.literal(s) }

    /// Edits to several files, merged per file.
    static func merged(_ groups: [FileEdits?]) -> [FileEdits]? {
        var result: [FileEdits] = []
        for group in groups {
            guard let group else { return nil }
            if let i = result.firstIndex(where: { $0.path == group.path }) {
                result[i].edits += group.edits
            } else {
                result.append(group)
            }
        }
        return result
    }
}
