/// The files of an app's source folder that a decode needs, whole and unchanged: what both the
/// schema engine and compiled mode read (a file compiled is compiled exactly as written).
///
/// A closure over names, a syntactic over-approximation (``FileDeclarations``). It starts from the
/// identifiers of the type expressions and the decoder expression (`[User]`, `makeDecoder()`); a file
/// is needed when it declares one of the needed names (not `private`), or extends a needed type in a
/// way a decode can use (a conformance, `init(from:)`, `CodingKeys`, a member named), or extends a
/// type the folder does not declare (`KeyedDecodingContainer`, `JSONDecoder`: container overloads
/// and decoder helpers change a decode without being named). A needed file's own references are
/// needed in turn, since it is compiled whole. A file that imports a module this platform cannot
/// build (``BuildableModules``) and is not needed is left out, and said so (``LeftOutFiles``); one
/// that is needed stays (the schema engine reads it without building it), and ``refusal`` says why a
/// compile of these files cannot run here, naming the import and the declaration.
///
/// App/: `User.swift` (`struct User { let badge: Badge }`), `Badge.swift`, `ContentView.swift`
/// (`import SwiftUI`, `struct ContentView: View { let user: User }`), `Networking.swift`
/// (`func makeDecoder()`). `--type User`: User.swift, then Badge.swift (User.swift names Badge);
/// ContentView.swift names User, but nothing needed names ContentView: left out. Networking.swift too,
/// unless `--decoder 'makeDecoder()'` names it.
public struct SourceSelection: Sendable, Hashable {
    /// The needed files, in the order they were given.
    public var files: [ModelSource]
    /// The files left out that import a module this platform cannot build; nil when there are none.
    public var leftOut: LeftOutFiles?
    /// Why the files cannot be compiled here, when a needed one imports a module this platform cannot build.
    public var refusal: Refusal?

    /// Why a decode cannot be compiled here: a declaration it needs is in a file that imports a
    /// module this platform cannot build.
    public struct Refusal: Error, Sendable, Hashable {
        /// The file's import of the module, and the module.
        public var importAt: ModelLocation
        public var module: String
        /// The needed declaration in that file (`struct Badge`, `extension User: Identifiable`) and where.
        public var declaration: String
        public var declaredAt: ModelLocation
        /// The name the decode needs that the declaration gives (or the type it extends), and why.
        public var name: String
        public var reason: Reason
        /// What is decoded (`User`, `User with makeDecoder()`).
        public var decode: String
    }

    /// Why a name is needed.
    public enum Reason: Sendable, Hashable {
        /// The type or decoder expression names it.
        case requested
        /// The needed file at this path refers to it.
        case referredFrom(String)
        /// It extends a type decoding itself uses (`KeyedDecodingContainer`): it can change any decode.
        case decoding
    }

    /// Selects the files of `sources` that decoding `typeExpressions` (with `decoderExpression`) needs.
    /// When the expressions name nothing any file declares (a misspelt type), every file this platform
    /// can build is kept, so that the type's resolution says what is there.
    public init(sources: [ModelSource], typeExpressions: [String], decoderExpression: String?) {
        self.init(declarations: sources.map(FileDeclarations.init), typeExpressions: typeExpressions, decoderExpression: decoderExpression)
    }

    /// The indices of the needed files among those given, in order.
    var taken: [Int] = []

    init(declarations: [FileDeclarations], typeExpressions: [String], decoderExpression: String?) {
        let sources = declarations.map(\.source)
        let decode = typeExpressions.joined(separator: ", ") + (decoderExpression.map { " with \($0)" } ?? "")
        let folderNames = Set(declarations.flatMap { file in file.declared.map(\.name) })
        // Each needed name, with why.
        var needed: [String: Reason] = [:]
        for expression in typeExpressions + [decoderExpression].compactMap({ $0 }) {
            for name in FileDeclarations.references(inExpression: expression) { needed[name] = .requested }
        }
        // The needed files in the order they were found, each with the declaration that made it needed.
        var chosen: [(file: Int, declaration: String, at: ModelLocation, name: String)] = []
        var taken = Set<Int>()
        var grew = true
        while grew {
            grew = false
            for (index, file) in declarations.enumerated() where !taken.contains(index) {
                guard let reason = Self.need(of: file, needed: needed, folderNames: folderNames) else { continue }
                taken.insert(index)
                chosen.append((index, reason.what, reason.at, reason.name))
                for name in file.references where needed[name] == nil { needed[name] = .referredFrom(file.source.path) }
                grew = true
            }
        }
        if let first = chosen.first(where: { declarations[$0.file].unbuildableImport != nil }),
            let unbuildable = declarations[first.file].unbuildableImport
        {
            refusal = Refusal(
                importAt: unbuildable.location, module: unbuildable.module, declaration: first.declaration, declaredAt: first.at,
                name: first.name, reason: needed[first.name] ?? .decoding, decode: decode)
        }
        if taken.isEmpty { taken = Set(declarations.indices.filter { declarations[$0].unbuildableImport == nil }) }
        self.taken = declarations.indices.filter(taken.contains)
        files = self.taken.map { sources[$0] }
        let left = declarations.indices.filter { !taken.contains($0) }.compactMap { index in
            declarations[index].unbuildableImport.map { (path: sources[index].path, module: $0.module) }
        }
        leftOut =
            left.isEmpty
            ? nil
            : LeftOutFiles(paths: left.map(\.path), modules: Array(Set(left.map(\.module))).sorted(), decode: decode)
    }

    /// Why `file` is needed, when it is: the declaration, where it is, and the needed name it gives.
    private static func need(
        of file: FileDeclarations, needed: [String: Reason], folderNames: Set<String>
    ) -> (what: String, at: ModelLocation, name: String)? {
        if file.tooDeep { return ("the whole file", ModelLocation(file: file.source.path, line: 1, column: 1), "") }
        if let declared = file.declared.first(where: { needed[$0.name] != nil }) {
            return (declared.what, declared.location, declared.name)
        }
        let buildable = file.unbuildableImport == nil
        for ext in file.extensions {
            let named = ext.members.sorted().first { needed[$0] != nil }
            if needed[ext.extendedName] != nil, buildable || ext.conforms || ext.decodes || named != nil {
                return (ext.what, ext.location, named ?? ext.extendedName)
            }
            if !folderNames.contains(ext.extendedName), buildable || decodingTypes.contains(ext.extendedName) || named != nil {
                return (ext.what, ext.location, named ?? ext.extendedName)
            }
        }
        return nil
    }

    /// The types whose extensions change a decode without a needed file naming them.
    static let decodingTypes: Set<String> = [
        "KeyedDecodingContainer", "KeyedDecodingContainerProtocol", "SingleValueDecodingContainer", "UnkeyedDecodingContainer",
        "Decoder", "Decodable", "Codable", "JSONDecoder", "CodingKey",
    ]
}

/// The files of an app folder left out of a decode because they import a module this platform
/// cannot build (SwiftUI, UIKit, AppKit on Linux) and declare nothing the decode needs: said in one
/// line beside the verdict (``description``, in ModelSchemaMessages.swift).
public struct LeftOutFiles: Sendable, Hashable, Codable {
    public var paths: [String]
    /// The modules they import that cannot be built here, sorted.
    public var modules: [String]
    /// What is decoded (`User`, `User with makeDecoder()`).
    public var decode: String

    public init(paths: [String], modules: [String], decode: String) {
        self.paths = paths
        self.modules = modules
        self.decode = decode
    }
}
