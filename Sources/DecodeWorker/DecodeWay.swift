import CodableExplorerRunner
import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Teaching

/// Which way a ``DecodeJob`` is decoded, chosen once in the worker: by the schema engine where
/// it is exact, or by the model's own code compiled with swiftc (compiled mode).
///
/// `--mode auto` keeps the schema engine wherever every type the decode can reach is
/// synthesized Codable the schema reads, and compiles otherwise: a hand-written `init(from:)`,
/// a property wrapper, a container overload, a model the schema thinks does not compile
/// (swiftc is the judge), or `--decoder`.
enum DecodeWay {
    /// Why this job needs the model's own compiled code, or nil when the schema engine is exact for it.
    /// A package target's models are always decided by their code: what its dependencies declare
    /// (property wrappers, container extensions, types) is part of the decode, and the schema engine
    /// reads only the target's own files.
    /// `type`: the job's type expression as the schema resolved it (once, by ``PreparedDecode``), or why not.
    static func compiledReason(
        _ job: DecodeJob, schema: Schema, type resolved: Result<TypeRef, TypeExpressionError>, package: PackageTarget?
    ) -> String? {
        switch job.models.mode {
        case .schema: return nil
        case .compiled: return "--mode compiled"
        case .auto: break
        }
        if let package { return "the model is the target \(package), built with SwiftPM" }
        if job.models.decoderExpression != nil { return "--decoder" }
        if let error = schema.diagnostics.first(where: { $0.severity == .error }) {
            return "the schema engine reads the model as not compiling (\(error)); swiftc decides"
        }
        guard case .success(let type) = resolved else {
            // A type expression the schema cannot resolve in a model it reads whole names nothing
            // swiftc would find either: the schema's answer (with its near matches) is the clearer one.
            let unreadable = schema.types.values.contains { $0.decoding == nil && $0.issues.contains { $0.severity != .warning } }
            return unreadable ? "the schema engine cannot resolve \(job.typeExpression); swiftc decides" : nil
        }
        if let problem = firstUninterpretable(from: type, in: schema) { return "\(problem.location): \(problem.message)" }
        if let origin = job.models.settings.origin, let file = conditionalFiles(from: type, in: schema).first {
            return "\(file) has #if blocks, and the build settings of \(origin) decide which branch compiles; swiftc decides"
        }
        return nil
    }

    /// The first type reachable from `type` that the schema engine cannot decode exactly, with why.
    static func firstUninterpretable(from type: TypeRef, in schema: Schema) -> SchemaDiagnostic? {
        var found: SchemaDiagnostic?
        walkReachable(from: type, in: schema) { name, typeSchema in
            if typeSchema.decoding == nil, let why = schema.types[name]?.issues.first(where: { $0.severity != .warning }) {
                found = why
                return false
            }
            return true
        }
        return found
    }

    /// The files declaring or extending a type reachable from `type` whose text holds an `#if`:
    /// which branch the app compiles is the build settings' to say (``SwiftCompilerSettings/conditions``),
    /// and the schema reads the first.
    static func conditionalFiles(from type: TypeRef, in schema: Schema) -> [String] {
        var files: Set<String> = []
        var extended: [String] = []
        walkReachable(from: type, in: schema) { name, typeSchema in
            files.insert(typeSchema.location.file)
            extended.append("extension \(name)")
            return true
        }
        return schema.sources.filter { source in
            source.text.contains("#if") && (files.contains(source.path) || extended.contains { source.text.contains($0) })
        }.map(\.path)
    }

    /// Visits each named type reachable from `type` (through decoded properties, associated values
    /// and superclasses) once, until `visit` returns false.
    private static func walkReachable(from type: TypeRef, in schema: Schema, _ visit: (String, TypeSchema) -> Bool) {
        var stack = [type], seen: Set<TypeRef> = []
        while let next = stack.popLast() {
            guard seen.insert(next).inserted else { continue }
            switch next {
            case .scalar, .genericParameter: continue
            case .optional(let t), .array(let t), .set(let t): stack.append(t)
            case .dictionary(let k, let v): stack += [k, v]
            case .named(let name, _):
                guard let typeSchema = schema.typeSchema(for: next) else { continue }
                guard visit(name, typeSchema) else { return }
                stack += typeSchema.properties.filter(\.isDecoded).compactMap(\.type)
                stack += typeSchema.cases.flatMap { $0.associatedValues.map(\.type) }
                if case .inherited(let superclass)? = typeSchema.decoding { stack.append(.named(qualifiedName: superclass, arguments: [])) }
            }
        }
    }
}

extension DecodeWay {
    /// Where the model's own code may catch a decoding error that schema mode cannot see (it runs none
    /// of that code): the first type reachable from `type` whose hand-written `init(from:)` holds a
    /// `try?` or a `catch`, that applies a property wrapper, or whose property a `KeyedDecodingContainer`
    /// overload decodes, as `file:line:col: what`. Nil when
    /// nothing reachable could catch (synthesized decoding catches nothing).
    static func unseenCatch(from type: TypeRef, in schema: Schema) -> String? {
        var found: String?
        walkReachable(from: type, in: schema) { name, typeSchema in
            if let initializer = schema.handWrittenInit(of: name),
                let index = initializer.lines.firstIndex(where: { line in
                    let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? Substring(line)
                    return code.contains("try?") || code.contains("catch")
                })
            {
                let column =
                    (initializer.lines[index].firstIndex { $0 != " " && $0 != "\t" }?.utf16Offset(in: initializer.lines[index]) ?? 0) + 1
                found = "\(initializer.file):\(initializer.firstLine + index):\(column): \(name)'s init(from:) catches errors"
                return false
            }
            for issue in typeSchema.issues {
                switch issue.kind {
                case .propertyWrapperOrMacro(_, let attribute):
                    found = "\(issue.location): \(name) applies @\(attribute), whose code may catch errors"
                    return false
                case .containerOverload(_, let property, let overload, let at):
                    found = "\(at): \(name).\(property) is decoded by the overload \(overload), whose code may catch errors"
                    return false
                default: continue
                }
            }
            return true
        }
        return found
    }
}
