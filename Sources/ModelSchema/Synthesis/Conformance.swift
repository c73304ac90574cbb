import SwiftSyntax

/// What a type's inheritance clauses (declaration and extensions) say about it.
struct Conformance {
    var decodable = false
    var encodable = false
    var hashable = false
    var codingKeyRepresentable = false
    var superclass: String?
    var rawType: String?
    var unknownProtocols: [String] = []
    /// The extension that declares Decodable, when the declaration itself does not.
    var decodableExtension: DeclarationIndex.ExtensionDecl?

    static let knownProtocols: Set<String> = [
        "Equatable", "Sendable", "Identifiable", "CaseIterable", "Comparable", "CustomStringConvertible",
        "CustomDebugStringConvertible", "Error", "LocalizedError", "AnyObject", "RawRepresentable", "CodingKey",
        "BitwiseCopyable", "Copyable", "Escapable", "SendableMetatype", "ExpressibleByStringLiteral",
        "ExpressibleByIntegerLiteral", "ObservableObject", "NSObject",
    ]
    static let rawTypeNames: Set<String> = Set(ScalarType.allCases.filter { $0 != .never }.map(\.rawValue)).union(["Character"])

    /// Adds what one inherited type contributes.
    mutating func add(_ type: TypeSyntax, index: DeclarationIndex, resolver: TypeResolver, scope: String?, isFirst: Bool, depth: Int = 0) {
        if let attributed = type.as(AttributedTypeSyntax.self) {
            add(attributed.baseType, index: index, resolver: resolver, scope: scope, isFirst: isFirst, depth: depth)
            return
        }
        if let composition = type.as(CompositionTypeSyntax.self) {
            for element in composition.elements {
                add(element.type, index: index, resolver: resolver, scope: scope, isFirst: false, depth: depth)
            }
            return
        }
        var name = type.trimmedDescription.replacingGenericArguments()
        for module in TypeResolver.moduleNames where name.hasPrefix(module + ".") {
            name = String(name.dropFirst(module.count + 1))
        }
        guard depth < 16 else { return }
        switch name {
        case "Decodable": decodable = true
        case "Encodable": encodable = true
        case "Codable": decodable = true; encodable = true
        case "Hashable": hashable = true
        case "CodingKeyRepresentable": codingKeyRepresentable = true
        default:
            if let declared = resolver.lookupDeclared(name, scope: scope) {
                if let alias = index.aliases[declared] {
                    add(alias.target, index: index, resolver: resolver, scope: scope, isFirst: isFirst, depth: depth + 1)
                } else if index.types[declared]?.kind == .class {
                    superclass = declared
                }
                return
            }
            if let proto = index.protocols[name] {
                for inherited in proto.inherited {
                    add(inherited, index: index, resolver: resolver, scope: nil, isFirst: false, depth: depth + 1)
                }
                return
            }
            if isFirst && Self.rawTypeNames.contains(name) { rawType = name; return }
            if name == "Hashable" || Self.knownProtocols.contains(name) { return }
            unknownProtocols.append(name)
        }
    }
}
