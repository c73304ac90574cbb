/// What a verified fix costs, measured on this payload: which values the app no longer sees as
/// the payload sends them once the fix is in.
///
/// The cost decides the fix's place (``Fix/ranksBefore(_:)``, DECISIONS.md "Fixes are ranked by
/// what they cost"): a fix that keeps every value comes before one that changes what a value
/// means, which comes before one that drops data. It is derived by ``FixVerifier`` from the
/// errors the fix was seen to remove, and turned into words only in ``text``.
public enum FixCost: Sendable, Hashable, Codable {
    /// Every value the payload sends reaches the model as it was sent: the right type, a key
    /// mapping or strategy, a date strategy, an optional for a key some objects lack or for a
    /// null, `{}` or `""` read as nil (they send no value).
    case keepsEveryValue
    /// Values decode, but as something else than the payload says: `"00000"` becomes `0`, `1`
    /// becomes `true`, a raw value the enum does not know becomes `.unknown`. `count` values
    /// change; `example` is the first.
    case changesValues(count: Int, example: ValueChange)
    /// The property is nil in every object: the payload never sends its key, or sends it under
    /// another spelling (`sentAs`, the nearest key present).
    case alwaysNil(property: String, sentAs: String?)
    /// Elements of arrays that fail are dropped: `dropped` of `total`.
    case dropsElements(dropped: Int, total: Int)

    /// One value as the payload sends it and as the model then holds it.
    public struct ValueChange: Sendable, Hashable, Codable {
        /// `"00000"`, as the payload writes it.
        public var sent: String
        /// `0`, `nil`, `.unknown`: as Swift would print what the model holds.
        public var read: String

        public init(sent: String, read: String) {
            self.sent = sent
            self.read = read
        }
    }

    /// The three classes of the ranking rule, in the order fixes are shown.
    public enum Class: Int, Sendable, Comparable, Codable {
        case keepsValues, changesMeaning, dropsData

        public static func < (a: Class, b: Class) -> Bool { a.rawValue < b.rawValue }

        /// `keepsValues`, `changesMeaning`, `dropsData`: as `check --format json` writes it.
        public var name: String {
            switch self {
            case .keepsValues: "keepsValues"
            case .changesMeaning: "changesMeaning"
            case .dropsData: "dropsData"
            }
        }
    }

    public var costClass: Class {
        switch self {
        case .keepsEveryValue: .keepsValues
        case .changesValues, .alwaysNil: .changesMeaning
        case .dropsElements: .dropsData
        }
    }

    /// `keeps every value the payload sends`, `turns "00000" into 0`, `drops 344 of 1,707
    /// elements`, `always nil: the payload sends this key as base_url`.
    public var text: String {
        switch self {
        case .keepsEveryValue:
            return "keeps every value the payload sends"
        case .changesValues(let count, let example):
            let others = count > 1 ? " (and \(Self.grouped(count - 1)) other value\(count == 2 ? "" : "s") like it)" : ""
            return "turns \(example.sent) into \(example.read)\(others)"
        case .alwaysNil(let property, let sentAs):
            if let sentAs { return "always nil: the payload sends this key as \(sentAs)" }
            return "always nil: the payload never sends a value for `\(property)`"
        case .dropsElements(let dropped, let total):
            return "drops \(Self.grouped(dropped)) of \(Self.grouped(total)) element\(total == 1 ? "" : "s")"
        }
    }

    /// `cost: drops 344 of 1,707 elements`: the line under a fix in `check`'s text and in the
    /// explorer's list of fixes.
    public var line: String { "cost: " + text }

    /// `1707` as `1,707`.
    public static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0, (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }
}

extension Fix {
    /// The ranking rule, the one place fixes are ordered (the command line, the explorer and
    /// JSON all show them in this order): by the class of their cost (keeps every value, then
    /// changes what a value means, then drops data), then by the errors they leave; ties keep
    /// the catalogue's order.
    public func ranksBefore(_ other: Fix) -> Bool {
        (cost.costClass, verdict.remaining) < (other.cost.costClass, other.verdict.remaining)
    }

    /// Fixes in the order of the ranking rule; fixes that rank alike keep their order.
    public static func ranked(_ fixes: [Fix]) -> [Fix] {
        fixes.enumerated().sorted { a, b in
            a.element.ranksBefore(b.element) || (!b.element.ranksBefore(a.element) && a.offset < b.offset)
        }.map(\.element)
    }
}
