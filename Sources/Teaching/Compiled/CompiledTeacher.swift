import DecodingEngine
import Foundation
import JSONTree
import ModelSchema

/// Explanations and verified fixes in compiled mode, where the model's own code decided.
///
/// The error's thrower is the last call of the runner's trace that threw it; its line in the
/// user's `init(from:)` is found statically (``CallSiteMatch``). Fixes are edits of that line (and of
/// the property it assigns), each compiled with swiftc and the payload decoded again by the edited
/// code (``CompiledFixVerifier``): never "value by value". An error whose thrower is not in a
/// hand-written initializer (a synthesized type, Foundation's own `Date`) gets schema mode's
/// catalogue's edits, verified the same compiled way, when the schema reads the type.
public struct CompiledTeacher {
    let schema: Schema
    let request: CompiledRequest
    let tree: JSONTree
    let node: NodeID
    /// The job's decode traced (first error only), for the thrower's call.
    let traced: DecodeReport?
    /// The decode as schema mode sees it, when the schema reads the type (a synthesized type
    /// decoded in compiled mode for `--decoder`): its catalogue proposes edits for errors no
    /// hand-written initializer threw (``synthesizedFixes(for:thrower:in:)``).
    let context: TeachingContext?

    public init(
        schema: Schema, request: CompiledRequest, tree: JSONTree, node: NodeID, traced: DecodeReport?, context: TeachingContext? = nil
    ) {
        self.schema = schema
        self.request = request
        self.tree = tree
        self.node = node
        self.traced = traced
        self.context = context
    }

    /// The thrower of the report's first error: its trace entry, its initializer and its line.
    struct Thrower {
        var entry: TraceEntry
        var initializer: HandWrittenInit?
        var match: CallSiteMatch
    }

    /// The innermost call of a hand-written initializer that the error passed through (the call
    /// that threw it, or the call into a standard-library or synthesized type that did); else the
    /// innermost call that threw it at all.
    func thrower(of error: LocatedDecodingError) -> Thrower? {
        guard let trace = traced?.trace else { return nil }
        let passedThrough = trace.reversed().filter { entry in
            guard case .threw(let kind, let said) = entry.outcome else { return false }
            return kind == error.kind && said == error.debugDescription
        }
        var innermost: Thrower?
        for entry in passedThrough {
            guard let site = entry.site else { continue }
            guard let initializer = modelType(site.owner).flatMap(schema.handWrittenInit(of:)) else {
                if innermost == nil { innermost = Thrower(entry: entry, initializer: nil, match: .none) }
                continue
            }
            return Thrower(entry: entry, initializer: initializer, match: CallSiteMatch.match(site, in: initializer))
        }
        return innermost
    }

    public func teach(_ report: DecodeReport, withFixes: Bool) -> TeachingReport {
        var lessons: [TeachingReport.Lesson] = []
        var fixes: [Fix] = []
        for (index, error) in report.errors.enumerated() {
            // Only Foundation's own error (the first) has its thrower in the trace.
            let thrower = index == 0 ? thrower(of: error) : nil
            let explanation = explain(error, thrower: thrower)
            var numbers: [Int] = []
            if withFixes, index == 0 {
                let strategy = [keyStrategyFix(for: error), thrower.flatMap { dateStrategyFix(for: error, thrower: $0) }].compactMap { $0 }
                let edits =
                    thrower?.initializer == nil
                    ? synthesizedFixes(for: error, thrower: thrower, in: report)
                    : thrower.map {
                        CompiledFixCandidates(request: request, tree: tree, error: error, thrower: $0).fixes(schema: schema, node: node)
                    } ?? []
                for fix in Fix.ranked(strategy + edits) { numbers.append(fixes.number(of: fix)) }
            }
            lessons.append(.init(explanation: explanation, fixes: numbers))
        }
        return TeachingReport(lessons: lessons, fixes: fixes)
    }

    /// What the model's code expected where it threw, and what the payload holds there; and where
    /// that value really is when Foundation's error points elsewhere (it can lose the place: after
    /// a wrapper, a 3.4 in an `Int?` is "not valid JSON" at line 1, column 1), as schema mode's `really:`.
    func explain(_ error: LocatedDecodingError, thrower: Thrower?) -> Explanation {
        var explanation = explainCall(error, thrower: thrower)
        // Only when Foundation's node is not the value itself or inside it (an error deeper in a
        // synthesized type is where Foundation says).
        if explanation.reality == nil, let thrownAt = thrower?.entry.node,
            error.node.map({ !(thrownAt..<tree.subtreeEnd(thrownAt)).contains($0) }) ?? true
        {
            let location = tree.location(thrownAt)
            let said = error.node.map { "at \(NodePath(of: $0, in: tree).description)" } ?? "at no node of the payload"
            explanation.reality =
                "Foundation's error is \(said); the call threw on \(ValueSummary(tree: tree, node: thrownAt).phrase) at \(NodePath(of: thrownAt, in: tree).description), line \(location.line), column \(location.column)"
        }
        return explanation
    }

    /// The model files' name of a type the trace names (`Zoo.Animal`, or with its module, `TMDb.TVSeries`);
    /// nil when the model files do not declare it.
    private func modelType(_ name: String) -> String? {
        if schema.types[name] != nil { return name }
        let unqualified = name.split(separator: ".").dropFirst().joined(separator: ".")
        return schema.types[unqualified] != nil ? unqualified : nil
    }

    /// The type whose init(from:) threw the error: the one that made the call, unless the call decoded
    /// a type whose own init(from:) ran (its calls are in the trace, one level deeper) and threw it
    /// itself, as a colour type's hand-written `throw` inside `[HexColour]` does (Array's call only
    /// passes it on).
    private func thrownBy(_ thrower: Thrower, site: CompiledCallSite) -> String {
        guard site.method == "decode" || site.method == "decodeIfPresent", let decoded = site.type,
            traced?.trace.contains(where: { $0.depth == thrower.entry.depth + 1 && $0.site?.owner == decoded }) == true
        else { return site.owner }
        return decoded
    }

    /// `Order's synthesized init(from:)`, `Cents's hand-written init(from:)`, or `HexColour's init(from:),
    /// declared outside the model files` (a type of another module: its source is not among them).
    private func initKind(of type: String) -> String {
        guard let name = modelType(type) else { return "\(type)'s init(from:), declared outside the model files" }
        return schema.handWrittenInit(of: name) != nil ? "\(type)'s hand-written init(from:)" : "\(type)'s synthesized init(from:)"
    }

    private func explainCall(_ error: LocatedDecodingError, thrower: Thrower?) -> Explanation {
        let at = thrower?.entry.node ?? error.node
        let found = at.map { ValueSummary(tree: tree, node: $0).phrase } ?? "the payload"
        var place = ""
        if let thrower, let initializer = thrower.initializer {
            switch thrower.match {
            case .site(let site):
                place = " (`\(callText(thrower))` at \(site.location) in \(initializer.typeName)'s init(from:))"
            case .ambiguous(let sites):
                place =
                    " (one of the calls at \(sites.map { "line \($0.location.line)" }.joined(separator: ", ")) in \(initializer.typeName)'s init(from:); the trace cannot tell which)"
            case .none:
                // A call made in a helper or an extension the initializer calls: the trace names
                // the call; no line of the initializer makes it.
                place =
                    " (`\(thrower.entry.call)`, made by code \(initializer.typeName)'s init(from:) calls, such as a helper or an extension)"
            }
        } else if let thrower, let site = thrower.entry.site {
            place = " (in \(initKind(of: thrownBy(thrower, site: site))))"
        }
        if let typed = explainType(error, thrower: thrower, place: place) { return typed }
        switch error.kind {
        case .keyNotFound:
            return Explanation(
                expected: "the key \(ValueSummary.quoted(error.key ?? ""))\(place)", found: found,
                why: "decode(_:forKey:) throws keyNotFound when the key is absent; decodeIfPresent returns nil instead")
        case .valueNotFound:
            return Explanation(
                expected: "\(expectedValue(error, thrower: thrower))\(place)", found: found,
                why: "decode(_:forKey:) of a non-optional type throws valueNotFound on null; decodeIfPresent returns nil")
        case .typeMismatch:
            return Explanation(
                expected: "\(expectedValue(error, thrower: thrower))\(place)", found: found,
                why: "JSONDecoder never converts between JSON kinds: a string is not a number, a number is not a string")
        case .dataCorrupted where error.reason == .numberDoesNotFit && error.realCause != nil:
            // As schema mode says it: what does not fit, and where the number is.
            return Explanation(
                expected: "\(expectedValue(error, thrower: thrower))\(place)", found: found, why: error.realCause?.explanation,
                reality: error.realCause.map { Explanation.numberDoesNotFitReality(at: NodePath(of: $0.node, in: tree).description) })
        case .dataCorrupted:
            return Explanation(expected: "a value the model's type accepts\(place)", found: found, why: error.debugDescription)
        case .other where error.reason == .elementTimedOut || error.reason == .elementCrashed:
            return Explanation(
                expected: "an element whose decode ends\(place)", found: found,
                why:
                    "decoded on its own, this element never answered: \(error.debugDescription); JSONDecoder stops at the first error before it, so the app meets it only once the errors before it are fixed"
            )
        case .other:
            return Explanation(
                expected: "a value the model's own checks accept\(place)", found: found,
                why: "the model's own code threw \(error.errorType ?? "an error") (\(error.debugDescription))")
        }
    }

    /// What the throwing call asked for, in the user's words: a value of the type the matched
    /// line writes (`[Failable<Product>]`), or for a generic parameter (`T`) of the type it ran
    /// with (`[Track]`); Foundation's own wording only when the trace has no call, and then never
    /// its `Array<Any>`, which names no element type.
    func expectedValue(_ error: LocatedDecodingError, thrower: Thrower?) -> String {
        if let written = thrower.flatMap(writtenType) { return "a value of type \(written)" }
        if let ran = thrower?.entry.site?.type { return "a value of type \(SwiftTypeName.sugared(ran))" }
        return error.expectedType.map(SwiftTypeName.phrase(foundation:)) ?? "a value of the declared type"
    }

    /// The throwing call as the user's source spells its type (`decode([Failable<Product>].self,
    /// forKey: "clearance")`, where the runtime says `Array<Failable<Product>>`); the runtime's type,
    /// sugared, where no one line of the source made the call or the line's type is a generic
    /// parameter. The key is the one the call ran with.
    func callText(_ thrower: Thrower) -> String {
        guard let written = writtenType(thrower), let ran = thrower.entry.site else { return thrower.entry.call }
        return TraceEntry.callText(method: ran.method, type: written, key: ran.key)
    }

    /// The type of `decode(T.self, …)` as the matched line writes it; nil when no one line matched,
    /// the line writes no type, or the type mentions the initializer's generic parameters (`T`,
    /// `[T]`: the source does not say what they were in this run).
    func writtenType(_ thrower: Thrower) -> String? {
        guard case .site(let site) = thrower.match, let written = site.typeText, let initializer = thrower.initializer else {
            return nil
        }
        let parameters = Set(schema.types[initializer.typeName]?.genericParameters ?? [])
        guard !parameters.isEmpty else { return written }
        func mentions(_ type: TypeRef) -> Bool {
            switch type {
            case .scalar: false
            case .genericParameter(let name): parameters.contains(name)
            case .optional(let t), .array(let t), .set(let t): mentions(t)
            case .dictionary(let k, let v): mentions(k) || mentions(v)
            case .named(let name, let arguments): parameters.contains(name) || arguments.contains(where: mentions)
            }
        }
        guard let structure = WrittenType(written).structure, !mentions(structure) else { return nil }
        return written
    }
}
