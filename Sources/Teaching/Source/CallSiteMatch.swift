import DecodingEngine
import Foundation
import ModelSchema

/// Which line of a hand-written `init(from:)` made a compiled-mode trace call, decided statically:
/// the call's method, its receiver (decoder, keyed, unkeyed, single), its key mapped back to the
/// key enum case whose `stringValue` it is, and how many containers below the initializer's decoder
/// it ran must all agree with one call site of the source. Where several sites agree (the same key
/// read twice the same way), the type asked for decides; where that does not either, the match is
/// ``ambiguous(_:)`` and says which lines could have made it, rather than guess.
public enum CallSiteMatch: Sendable, Hashable {
    case site(HandWrittenInit.CallSite)
    case ambiguous([HandWrittenInit.CallSite])
    /// No call of the source fits (a call made by a helper the initializer calls, say).
    case none

    public static func match(_ call: CompiledCallSite, in initializer: HandWrittenInit) -> CallSiteMatch {
        var candidates = initializer.calls.filter { site in
            guard site.method == call.method else { return false }
            if let depth = site.depth, depth != call.depth { return false }
            switch site.receiver {
            case .unknown: if site.hasKeyArgument != (call.container == .keyed) { return false }
            case .decoder: if call.container != .decoder { return false }
            case .keyed: if call.container != .keyed { return false }
            case .unkeyed: if call.container != .unkeyed { return false }
            case .single: if call.container != .single { return false }
            }
            guard let key = call.key else { return !site.hasKeyArgument }
            guard site.hasKeyArgument else { return false }
            guard let keyCase = site.keyCase else { return true }  // a key computed at run time: any key
            let known = site.keyEnum.flatMap { initializer.keyEnums[$0] != nil ? $0 : nil }
            return initializer.keyCases(for: key, in: known).contains(keyCase)
        }
        if candidates.count > 1, let type = call.type {
            let sameType = candidates.filter { $0.typeText.map { WrittenType.same($0, type) } ?? false }
            if !sameType.isEmpty { candidates = sameType }
        }
        if candidates.count > 1, call.key != nil {
            let literal = candidates.filter { $0.keyCase != nil }
            if !literal.isEmpty { candidates = literal }
        }
        switch candidates.count {
        case 0: return .none
        case 1: return .site(candidates[0])
        default: return .ambiguous(candidates)
        }
    }

    /// The one site, when there is exactly one.
    public var site: HandWrittenInit.CallSite? {
        if case .site(let site) = self { site } else { nil }
    }
}

extension StoppedPlace {
    /// The line of the model's hand-written `init(from:)` that made the call, when exactly one does.
    public func sourceLocation(in schema: Schema) -> ModelLocation? {
        guard let site, let initializer = schema.handWrittenInit(of: site.owner) else { return nil }
        if case .site(let call) = CallSiteMatch.match(site, in: initializer) { return call.location }
        return nil
    }
}

extension CallSiteMatch {
    /// An ambiguous match settled by the catcher's generic parameters: a generic type (`LossyArray<T>`)
    /// asks for `T.self`, which no runtime type name matches, so of the sites that could have made the
    /// call, the one asking for its generic parameter, when exactly one does.
    func preferringGenericParameter(of owner: String, in schema: Schema) -> CallSiteMatch {
        guard case .ambiguous(let sites) = self else { return self }
        let generics = Set(schema.typeSchema(runtimeName: owner)?.genericParameters ?? [])
        let generic = sites.filter { $0.typeText.map(generics.contains) ?? false }
        return generic.count == 1 ? .site(generic[0]) : self
    }
}
