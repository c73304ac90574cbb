import DecodingEngine
import Foundation
import JSONTree
import ModelSchema

/// The edits of a hand-written `init(from:)` that might remove an error it threw, each kept only
/// when ``CompiledFixVerifier`` compiles it and the payload then decodes past the error:
///
/// - keyNotFound or valueNotFound at `decode(T.self, forKey:)`: `decodeIfPresent` there, the property
///   it assigns made optional; and `decodeIfPresent(…) ?? default` where `T` has an obvious empty value;
/// - typeMismatch at `decode(T.self, …)`, or a number that does not fit `T`: the type the payload
///   holds there (`String`, `Double`, `Int`, `Bool`) in the call and in the property's declaration.
///
/// Where the thrower's line is ambiguous, each candidate line is tried (at most three): only the one
/// whose edit removes the error survives verification.
struct CompiledFixCandidates {
    let request: CompiledRequest
    let tree: JSONTree
    let error: LocatedDecodingError
    let thrower: CompiledTeacher.Thrower

    struct Candidate {
        var kind: Fix.Kind
        var title: String
        var detail: String
        var edits: [FileEdits]
        /// What the edit costs (first-error mode sees this one value only).
        var cost: FixCost = .keepsEveryValue
    }

    func fixes(schema: Schema, node: NodeID) -> [Fix] {
        guard let initializer = thrower.initializer else { return [] }
        let sites: [HandWrittenInit.CallSite] =
            switch thrower.match {
            case .site(let site): [site]
            case .ambiguous(let sites): Array(sites.prefix(3))
            case .none: []
            }
        let verifier = CompiledFixVerifier(schema: schema, request: request, tree: tree, node: node, target: error)
        var fixes: [Fix] = []
        for site in sites {
            for candidate in candidates(at: site, in: initializer) + textToNumberCandidates(at: site, in: initializer, schema: schema) {
                let changes = Self.changes(candidate.edits, sources: schema.sources)
                guard !changes.isEmpty, let verdict = verifier.verify(changes) else { continue }
                fixes.append(
                    Fix(
                        kind: candidate.kind, title: candidate.title, detail: candidate.detail, changes: changes, verdict: verdict,
                        cost: candidate.cost))
            }
        }
        return Fix.ranked(fixes)
    }

    func candidates(at site: HandWrittenInit.CallSite, in initializer: HandWrittenInit) -> [Candidate] {
        let property = site.property.flatMap { initializer.properties[$0] }
        let (name, named) = subject(at: site)
        let place = "\(site.location.description.split(separator: ":").prefix(2).joined(separator: ":"))"
        var result: [Candidate] = []
        switch error.kind {
        case .keyNotFound, .valueNotFound:
            guard site.method == "decode", site.hasKeyArgument, let type = site.typeText else { return [] }
            let missing = error.kind == .keyNotFound ? "is missing" : "is null"
            var edits = [FileEdits(path: initializer.file, edits: [TextEdit(range: site.methodRange, replacement: "decodeIfPresent")])]
            var madeOptional = false
            if let property, !WrittenType(property.typeText).isOptional {
                edits.append(
                    FileEdits(
                        path: property.file,
                        edits: [TextEdit(range: property.typeRange, replacement: WrittenType(property.typeText).madeOptional)]))
                madeOptional = true
            }
            result.append(
                Candidate(
                    kind: .decodeIfPresentAtCall,
                    title: "Read \(name) with decodeIfPresent at \(place)\(madeOptional ? " and make it optional" : "")",
                    detail:
                        "decodeIfPresent returns nil when the key is missing or null, where decode throws; your code then handles \(named) being nil.",
                    edits: edits))
            if let value = Self.emptyValue(for: type) {
                result.append(
                    Candidate(
                        kind: .defaultAtCall,
                        title: "Default \(name) to \(value) when it \(missing), at \(place)",
                        detail:
                            "decodeIfPresent(…) ?? \(value): the property keeps its type; a missing or null value reads as \(value), which your app cannot tell from a real \(value).",
                        edits: [
                            FileEdits(
                                path: initializer.file,
                                edits: [
                                    TextEdit(range: site.methodRange, replacement: "decodeIfPresent"),
                                    TextEdit(range: site.callEnd..<site.callEnd, replacement: " ?? \(value)"),
                                ])
                        ],
                        cost: .changesValues(
                            count: 1, example: .init(sent: error.kind == .keyNotFound ? "a missing key" : "null", read: value))))
            }
        case .typeMismatch, .dataCorrupted:
            guard ["decode", "decodeIfPresent"].contains(site.method), let type = site.typeText, let typeRange = site.typeRange,
                let node = thrower.entry.node, let widerType = Self.payloadType(at: node, in: tree, declared: WrittenType(type)),
                widerType != WrittenType(type).structure
            else { return [] }
            let wider = widerType.swiftSpelling
            var edits = [FileEdits(path: initializer.file, edits: [TextEdit(range: typeRange, replacement: wider)])]
            if let property, WrittenType.same(WrittenType(property.typeText).unwrapped, type) {
                let replacement = WrittenType(property.typeText).isOptional ? WrittenType(wider).madeOptional : wider
                edits.append(FileEdits(path: property.file, edits: [TextEdit(range: property.typeRange, replacement: replacement)]))
            }
            result.append(
                Candidate(
                    kind: .widerTypeAtCall,
                    title: "Decode \(name) as \(wider) at \(place)",
                    detail:
                        "The payload holds \(ValueSummary(tree: tree, node: node).phrase) there; \(type) cannot hold it, \(wider) can. Code that uses \(named) as \(type) must change with it.",
                    edits: edits))
        case .other:
            break
        }
        return result
    }

    /// What a fix at `site` is about, in the words of the user's source: the property the call
    /// assigns (`` `value` ``) or the local it initializes (`` `height` ``), else the key as the call writes it (`` the value for `.rates` ``), and
    /// for a key the code computes at run time, that it is one and which key it was in this run
    /// (`` the value for `code` (a key computed at run time: "VES" here) ``): never the run's key
    /// as if the source named it. `short` is for the fix's detail, which follows its title.
    func subject(at site: HandWrittenInit.CallSite) -> (title: String, short: String) {
        if let name = site.property ?? site.local { return ("`\(name)`", "`\(name)`") }
        guard let written = site.keyText else { return ("the value", "the value") }
        let short = "the value for `\(written)`"
        guard site.keyCase == nil else { return (short, short) }
        let ran = thrower.entry.site?.key.map { ": \(ValueSummary.quoted($0)) here" } ?? ""
        return ("\(short) (a key computed at run time\(ran))", short)
    }

    /// The edits as whole files, edits to the same file merged.
    static func changes(_ edits: [FileEdits], sources: [ModelSource]) -> [FileChange] {
        var byFile: [String: [TextEdit]] = [:]
        var order: [String] = []
        for fileEdits in edits {
            if byFile[fileEdits.path] == nil { order.append(fileEdits.path) }
            byFile[fileEdits.path, default: []] += fileEdits.edits
        }
        return order.compactMap { path in
            guard let source = sources.first(where: { $0.path == path }) else { return nil }
            return FileChange(path: path, original: source.text, edited: TextEdit.apply(byFile[path] ?? [], to: source.text))
        }
    }

    /// The value an absent `T` can default to, where `T` has an obvious empty one.
    static func emptyValue(for type: String) -> String? {
        switch WrittenType(type).structure {
        case .scalar(.string): return "\"\""
        case .scalar(let s) where [.int, .int8, .int16, .int32, .int64, .uint, .uint8, .uint16, .uint32, .uint64].contains(s): return "0"
        case .scalar(.double), .scalar(.float), .scalar(.decimal): return "0"
        case .scalar(.bool): return "false"
        case .array, .set: return "[]"
        case .dictionary: return "[:]"
        default: return nil
        }
    }

    /// The Swift type that holds what the payload has at `node`: `String`, `Bool`, `Int` or
    /// `Double` (`Double` for a whole number the call `declared` as `Int`, which then overflowed).
    static func payloadType(at node: NodeID, in tree: JSONTree, declared: WrittenType) -> TypeRef? {
        switch tree.kind(node) {
        case .string: return .scalar(.string)
        case .bool: return .scalar(.bool)
        case .number:
            let text = tree.rawText(node)
            if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) || Int64(text) == nil { return .scalar(.double) }
            return declared.structure == .scalar(.int) ? .scalar(.double) : .scalar(.int)
        default: return nil
        }
    }
}
