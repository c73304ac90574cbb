/// Everything the payload showed at one position of the model: every value found there,
/// merged.
///
/// A worked example. In `[{"id": 1, "tag": "a"}, {"id": 2.5}, {"id": null, "tag": "b"}]` the
/// root is an array, so the root shape has `arrays == 1` and an ``element`` shape that saw
/// three objects. That element shape has two fields:
///
///     id   present 3 of 3 objects   numbers: 1, 2.5   nulls: 1   → Double?
///     tag  present 2 of 3 objects   strings: "a", "b"            → String? (missing once)
///
/// All elements of all arrays at a position land in one element shape, and all values of a
/// key in one field shape, which is how a key missing or null anywhere makes the property
/// optional. Shapes are reference types so that the builder can fill them in place while it
/// walks the tree without recursion.
final class Shape {
    /// Values seen here, nulls included.
    var total = 0
    var nulls = 0
    var bools = 0
    var numbers = NumberSamples()
    var strings = StringSamples()
    /// Objects seen here, and what their members held.
    var objects = 0
    var fields: [String: Field] = [:]
    /// The keys in the order they were first seen.
    var fieldOrder: [String] = []
    /// The number of members of all objects seen here (for the map heuristic).
    var memberTotal = 0
    /// Arrays seen here, and the merged shape of all their elements (nil while every array was empty).
    var arrays = 0
    var element: Shape?
    /// The path of the first value seen here, for comments and names: `$.products[*]`.
    var path: String

    /// Set by ``MapDetector``: the objects here are used as a dictionary whose values merge into this shape.
    var mapValue: Shape?
    /// Set by ``DateDetector``: every string here parses as a date with the chosen strategy, or
    /// every number here is an epoch time in the unit of the chosen strategy.
    var isDate = false

    init(path: String) {
        self.path = path
    }

    /// One member of the objects at a position.
    final class Field {
        /// In how many of the objects the key appeared.
        var present = 0
        let shape: Shape

        init(shape: Shape) {
            self.shape = shape
        }
    }

    /// The JSON kinds seen here, other than null, in a fixed order.
    var kinds: [ValueKind] {
        var out: [ValueKind] = []
        if bools > 0 { out.append(.bool) }
        if numbers.count > 0 { out.append(.number) }
        if strings.count > 0 { out.append(.string) }
        if objects > 0 { out.append(.object) }
        if arrays > 0 { out.append(.array) }
        return out
    }

    /// The field for a key, created on first sight.
    func field(_ key: String) -> Field {
        if let existing = fields[key] { return existing }
        let created = Field(shape: Shape(path: path + ShapePath.member(key)))
        fields[key] = created
        fieldOrder.append(key)
        return created
    }

    /// The shape of the arrays' elements, created on first sight.
    func elementShape() -> Shape {
        if let element { return element }
        let created = Shape(path: path + "[*]")
        element = created
        return created
    }
}
