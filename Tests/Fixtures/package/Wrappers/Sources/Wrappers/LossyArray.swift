/// An array that keeps the elements that decode and drops the others.
@propertyWrapper
public struct LossyArray<Element: Decodable>: Decodable {
    public var wrappedValue: [Element]

    public init(wrappedValue: [Element]) { self.wrappedValue = wrappedValue }

    private struct Skip: Decodable {}

    public init(from decoder: Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var kept: [Element] = []
        while !container.isAtEnd {
            if let element = try? container.decode(Element.self) {
                kept.append(element)
            } else {
                _ = try container.decode(Skip.self)
            }
        }
        wrappedValue = kept
    }
}
