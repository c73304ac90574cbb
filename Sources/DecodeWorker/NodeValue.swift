import CodableExplorerRunner
import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import Teaching

/// What the value view shows for one node: the Swift value decoded from it, as text bounded to
/// a few screens, and the model property that read it. Made in the worker, which holds the
/// whole value, so a question about the root of a 100 MB document crosses as 2,000 characters.
public struct NodeValue: Sendable, Hashable, Codable {
    /// The value as Swift prints it, roughly (`Product(name: "Soap", price: 4.5)`), at most
    /// ``textLimit`` characters.
    public var text: String
    /// The value goes on past ``text`` (the view ends it with "…").
    public var isTruncated: Bool
    /// The struct or class whose property holds the value (its qualified name in the model) and
    /// that property's name; nil for the decode root and for elements of arrays, dictionaries
    /// and enum cases.
    public var owner: String?
    public var property: String?

    /// How much of a value's text crosses: more than the value view shows on a large screen.
    public static let textLimit = 2_000

    public init(text: String, isTruncated: Bool = false, owner: String? = nil, property: String? = nil) {
        self.text = text
        self.isTruncated = isTruncated
        self.owner = owner
        self.property = property
    }
}
