/// What checking a fix showed.
public enum Verdict: Sendable, Hashable, Codable {
    /// With the fix, the payload decodes.
    case decodes(Method)
    /// The fix removes this error (and brings no new one); `remaining` other errors stay.
    /// `removed` counts the errors it removes, this one included (a strategy clears many).
    case removesError(remaining: Int, Method, removed: Int = 1)

    /// How a fix was checked.
    public enum Method: String, Sendable, Hashable, Codable {
        /// The edited model was parsed again and the payload decoded again by `JSONDecoder`.
        case redecoded
        /// The fix uses code ModelSchema cannot read (a property wrapper, a hand-written
        /// `init(from:)`, a `.custom` date strategy): its rules were applied to every value that
        /// failed, with Foundation deciding where a value is decoded; its code compiles (tested).
        case valueByValue
        /// Compiled mode: the edited model was compiled with swiftc and the payload decoded again by
        /// its own code and `JSONDecoder`, first error only (what follows the next error is not known).
        case compiled
    }

    public var method: Method {
        switch self {
        case .decodes(let m), .removesError(_, let m, _): m
        }
    }

    public var decodes: Bool { if case .decodes = self { true } else { false } }

    /// Errors the fix removes (1 when it decodes: the count is not kept then).
    public var removed: Int {
        if case .removesError(_, _, let removed) = self { removed } else { 1 }
    }

    /// Errors left after the fix.
    public var remaining: Int {
        switch self {
        case .decodes: 0
        case .removesError(let n, _, _): n
        }
    }

    /// `✓ verified: decodes`, `✓ verified value by value: removes this error; 2 others remain`,
    /// `✓ verified: removes 92 errors; 263 others remain`.
    public var text: String {
        if method == .compiled {
            switch self {
            case .decodes: return "✓ verified (compiled and decoded again): decodes"
            case .removesError: return "✓ verified (compiled and decoded again): removes this error; JSONDecoder now stops at a later one"
            }
        }
        let how = method == .redecoded ? "✓ verified" : "✓ verified value by value"
        switch self {
        case .decodes: return "\(how): decodes"
        case .removesError(let n, _, let removed):
            let what = removed > 1 ? "removes \(FixCost.grouped(removed)) errors" : "removes this error"
            return "\(how): \(what); \(FixCost.grouped(n)) other\(n == 1 ? "" : "s") remain\(n == 1 ? "s" : "")"
        }
    }
}
