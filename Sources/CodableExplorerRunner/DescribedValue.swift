import Foundation

/// Values the output contract gives no JSON shape of their own (check-output.md, `value`): a range
/// (`Range`, `ClosedRange`, a partial range), an `NSRange`, a stored metatype (`Int.self`). Read with
/// `Mirror` they would be their stored properties (`{"lowerBound":0,"upperBound":5}`) or, for a
/// metatype, `{}`; the app shows them by their `description` (`0..<5`, `{0, 5}`, `Int`), and so does
/// the value's JSON, as a string. One place says which values these are, for both writers
/// (``DecodedValue/make(_:)`` and ``ValueJSONWriter``).
enum DescribedValue {
    /// `String(describing:)` of `value` when it is one of these, else nil.
    static func description(of value: Any) -> String? {
        if value is Any.Type { return String(describing: value) }
        if value is NSRange || value is any RangeExpression { return String(describing: value) }
        return nil
    }
}
