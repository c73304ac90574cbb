import Foundation

/// The Swift value a decode produced, as a tree that can be shown and rendered to JSON.
///
/// Only the case that holds a `DecodedValue` directly is `indirect`: the others hold their
/// children in arrays already, and a box for every string and number of a large payload
/// costs an allocation each.
public enum DecodedValue: Sendable, Hashable, Codable {
    /// One named field of a struct, class, dictionary or enum payload, in order.
    public struct Field: Sendable, Hashable, Codable {
        public var name: String
        public var value: DecodedValue

        public init(_ name: String, _ value: DecodedValue) {
            self.name = name
            self.value = value
        }
    }

    case null
    case bool(Bool)
    case string(String)
    case signed(Int64)
    case unsigned(UInt64)
    /// A floating-point value with its Swift description (`Float` prints shorter than `Double`).
    case floating(Double, description: String)
    case decimal(Decimal)
    case date(Date)
    case data(Data)
    case url(URL)
    case uuid(UUID)
    case array([DecodedValue])
    /// A dictionary; keys are written as strings.
    case dictionary([Field])
    /// A struct or class: every stored property by Swift name.
    case object(type: String, [Field])
    /// A raw-value enum case.
    indirect case rawValueCase(name: String, rawValue: DecodedValue)
    /// An enum case with associated values (labels, or `_0`, `_1`) or none.
    case enumCase(name: String, values: [Field])
}
