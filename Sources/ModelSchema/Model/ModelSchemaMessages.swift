import JSONTree

/// The model layer's errors and diagnostics in the user's words: the one place a new kind of
/// schema diagnostic, load error or type expression error gets its text.

extension SchemaDiagnostic: CustomStringConvertible {
    /// `Models.swift:12:7: error: ...`
    public var description: String { diagnostic.description }

    /// The diagnostic as printed, its file by name.
    public var diagnostic: SourceDiagnostic {
        SourceDiagnostic(
            file: location.file, line: location.line, column: location.column, severity: severity, message: message,
            fileShown: .lastComponent)
    }

    /// The user-facing text of the diagnostic, without location.
    public var message: String {
        switch kind {
        case .syntax(let text): return text
        case .unknownType(let name, let near):
            return "cannot find type '\(name)' in the model sources"
                + (near.isEmpty ? "" : "; did you mean " + near.map { "'\($0)'" }.joined(separator: ", ") + "?")
        case .notDecodable(let type, let property, let propertyType):
            return "\(type) cannot synthesize Decodable: '\(property)' has type \(propertyType), which is not Decodable"
        case .notEncodable(let type, let property, let propertyType):
            return "\(type) is Codable but cannot synthesize Encodable: '\(property)' has type \(propertyType), which is not Encodable"
        case .notHashable(let type): return "type '\(type)' does not conform to protocol 'Hashable'"
        case .codingKeyWithoutProperty(let type, let key):
            return "\(type).CodingKeys case '\(key)' does not match any stored property or case"
        case .propertyMissingFromCodingKeys(let type, let property):
            return "\(type) cannot synthesize Decodable: '\(property)' has no initial value and is missing from CodingKeys"
        case .letWithInitialValueInCodingKeys(let type, let property):
            return "\(type).\(property) will not be decoded because it is a 'let' with an initial value"
        case .synthesisRefused(let type, let reason):
            return "\(type) cannot synthesize Decodable: \(reason)"
        case .wrongGenericArgumentCount(let name, let expected, let found):
            return "'\(name)' takes \(expected) generic argument(s) but \(found) were given"
        case .duplicateRawValue(let type, let caseName):
            return "raw value for \(type).\(caseName) is not unique"
        case .handWrittenInit(let type):
            return "\(type) has a hand-written init(from:); it cannot be interpreted"
        case .propertyWrapperOrMacro(let type, let attribute):
            return "\(type) uses the attribute @\(attribute) (a property wrapper or macro); it cannot be interpreted"
        case .unknownConformance(let type, let proto):
            return "\(type) conforms to '\(proto)', which is not declared in the model sources; whether it is Decodable cannot be told"
        case .unsupported(let type, let what):
            return "\(type): \(what) cannot be interpreted"
        case .containerOverload(let type, let property, let overload, let at):
            return "\(type).\(property) is decoded by the KeyedDecodingContainer overload \(overload) at \(at); "
                + "its code cannot be interpreted"
        case .nestingTooDeep(let limit):
            return limit.message
        case .cyclicTypeAlias(let name, let generic):
            return "\(generic ? "generic type alias" : "type alias") '\(name)' references itself"
        }
    }
}

extension SchemaLoadError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notFound(let path): "No such file or folder: \(path)"
        case .unreadable(let path): "Cannot read \(path) as UTF-8 text"
        case .noSwiftFiles(let path): "No .swift files in \(path)"
        }
    }
}

extension TypeExpressionError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .syntax(let e): "'\(e)' is not a Swift type"
        case .unknownType(let name, let near):
            "Unknown type '\(name)'" + (near.isEmpty ? "" : "; close matches: " + near.joined(separator: ", "))
        case .wrongGenericArgumentCount(let name, let expected, let found):
            "'\(name)' takes \(expected) generic argument(s) but \(found) were given"
        case .notDecodable(let t): "\(t) is not Decodable"
        case .unsupported(let t): "\(t) cannot be interpreted"
        case .nestingTooDeep(_, let limit): "column \(limit.column): \(limit.message)"
        case .cyclicTypeAlias(let name): "type alias '\(name)' references itself"
        }
    }
}

extension NestingLimit {
    /// The user-facing reason, without location.
    public var message: String {
        switch construct {
        case .squareBrackets:
            "square brackets nest more than \(limit) deep here; Swift's parser takes time that doubles with each level "
                + "(swiftc: 24 levels 19 s, 26 levels 43 s), so this tool reads at most \(limit)"
        case .brackets:
            "brackets and generic arguments nest more than \(limit) deep here; this tool reads at most \(limit)"
        case .optionals:
            "more than \(limit) '?' or '!' in a row here; this tool reads at most \(limit)"
        }
    }
}

extension SourceSelection.Refusal: CustomStringConvertible {
    /// `Badge.swift:1:1: Badge.swift imports SwiftUI, which cannot be built on this platform, and holds
    /// struct Badge (line 4), which the decode of User needs (User.swift refers to Badge): ...`
    public var description: String {
        let file = SourceDiagnostic.FileShown.lastComponent.shown(importAt.file)
        let why =
            switch reason {
            case .requested: name == decode ? "it is the type decoded" : "\(decode) names \(name)"
            case .referredFrom(let path): "\(SourceDiagnostic.FileShown.lastComponent.shown(path)) refers to \(name)"
            case .decoding: "it extends \(name), which decoding itself uses"
            }
        return
            "\(importAt): \(file) imports \(module), which cannot be built on this platform, and holds \(declaration) (line \(declaredAt.line)), which the decode of \(decode) needs (\(why)): move \(declaration) to a file that does not import \(module)"
            + (Self.userInterfaceModules.contains(module)
                ? "" : ", or, for models in a package, give --package DIR --target NAME: the target is built with SwiftPM")
    }

    /// Apple's user interface frameworks: no build on this platform has them, a package's neither.
    static let userInterfaceModules: Set<String> = ["SwiftUI", "UIKit", "AppKit", "Cocoa", "WatchKit"]
}

extension LeftOutFiles: CustomStringConvertible {
    /// One line: `left out 3 files that import SwiftUI/UIKit and hold nothing the decode of User needs: ...`.
    public var description: String {
        let names = paths.map { SourceDiagnostic.FileShown.lastComponent.shown($0) }
        let shown = names.prefix(Self.namesShown).joined(separator: ", ")
        let more = names.count > Self.namesShown ? " and \(names.count - Self.namesShown) more" : ""
        return
            "left out \(paths.count) file\(paths.count == 1 ? "" : "s") that import\(paths.count == 1 ? "s" : "") \(modules.joined(separator: "/")) and hold\(paths.count == 1 ? "s" : "") nothing the decode of \(decode) needs: \(shown)\(more)"
    }

    /// How many file names the line shows.
    static let namesShown = 4
}
