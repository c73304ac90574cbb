import CodableExplorerRunner
import JSONTree
import ModelSchema

/// An error Foundation threw inside a decode that the model's own code caught and went on from
/// (`try?`, `?? default`, `do/catch`, a lossy or default wrapper): the decode succeeded without the
/// value. Compiled mode only: the runner's tracing decoder sees it (``RunnerReply/Caught``).
///
/// The runner says the error and the call the catching code made; the worker ties that call to a
/// line of the model (``caughtAt``) and reads there what became of the value (``outcome``).
public struct CaughtError: Sendable, Hashable, Codable {
    /// What became of the value the failing call was for.
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// The code used a default (`?? 0`, a wrapper's default value): ``CaughtError/defaultText``.
        case defaulted
        /// The value is nil (`try?` into an optional).
        case `nil`
        /// The element was left out of its array (a lossy array).
        case elementDropped
        /// The code read the same value another way, and kept it (`try? Int`, then `String`; a
        /// lossless wrapper): a probe, no data lost.
        case readAnotherWay
        /// The code chose the value some other way (a `catch` block, a conversion).
        case other
    }

    /// The error, located on its node as a thrown one is.
    public var error: LocatedDecodingError
    /// The call the catching code made, that the error left, as Swift: `decode(Item.self)`.
    public var call: String
    /// The model type whose `init(from:)` caught it, as the source names it (`LossyArray`), when traced.
    public var catcher: String?
    /// What ties ``call`` to a line of the catcher's source.
    public var site: CompiledCallSite?
    /// The last key of the catcher's decoder's coding path: the property a wrapper is applied to.
    public var catcherKey: String?
    /// The line of the model's code that made ``call`` (where the error was caught), when the
    /// catcher's `init(from:)` is among the model files and exactly one of its calls fits.
    public var caughtAt: ModelLocation?
    /// The property wrapper the catcher is (`LossyArray`), when it is one the model applies.
    public var wrapper: String?
    public var outcome: Outcome
    /// The default's expression as written (`0`, `Default.defaultValue`), for ``Outcome/defaulted``.
    public var defaultText: String?

    public init(error: LocatedDecodingError, call: String, catcher: String?, site: CompiledCallSite?, outcome: Outcome) {
        self.error = error
        self.call = call
        self.catcher = catcher
        self.site = site
        self.outcome = outcome
    }

    /// From the runner's record: the error located on `tree`, the call, and what the runner alone
    /// can say of the outcome (an element of an unkeyed container left out; otherwise ``Outcome/other``
    /// until the source says more).
    init(_ caught: RunnerReply.Caught, located error: LocatedDecodingError, tree: JSONTree?, keys: DecodeOptions.KeyStrategy) {
        let outer = caught.calls.last ?? RunnerCall(c: "", p: [])
        let owner = caught.calls.count > 1 ? caught.calls[0].t.map(CompiledTrace.schemaName) : nil
        let (_, method) = CompiledTrace.split(outer.c)
        var site: CompiledCallSite?
        if let tree, caught.calls.count > 1 {
            site = CompiledTrace(calls: caught.calls).entries(tree: tree, keys: keys, errors: []).last?.site
        }
        self.init(
            error: error, call: CompiledTrace.text(outer, method: method), catcher: owner, site: site,
            outcome: outer.c.hasPrefix("unkeyed.") ? .elementDropped : caught.readAnotherWay == true ? .readAnotherWay : .other)
        catcherKey = caught.calls.count > 1 ? caught.calls[0].p.last?.key : nil
    }

    /// Where the catching code is, in words: `Feed.init(from:)` and the wrapper, as known.
    public var catcherText: String {
        let name = catcher.map { "\($0).init(from:)" } ?? "the model's code"
        return wrapper.map { "\(name) (the @\($0) wrapper)" } ?? name
    }

    /// Whether the value was lost (defaulted, nil, dropped, replaced), not read another way.
    public var losesData: Bool { outcome != .readAnotherWay }

    /// What became of the value, in words.
    public var outcomeText: String {
        switch outcome {
        case .defaulted: defaultText.map { "the value defaulted to \($0)" } ?? "the value defaulted"
        case .nil: "the value is nil"
        case .elementDropped: "the element was dropped"
        case .readAnotherWay: "your code read the value another way"
        case .other: "your code chose the value"
        }
    }
}
