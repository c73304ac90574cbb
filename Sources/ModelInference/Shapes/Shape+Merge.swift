extension Shape {
    /// Adds everything `other` saw to this shape; `other` is left as it is (its parts are
    /// copied, never shared, so later merges into this shape cannot change it).
    func absorb(_ other: Shape) {
        total += other.total
        nulls += other.nulls
        bools += other.bools
        numbers.merge(other.numbers)
        strings.merge(other.strings)
        objects += other.objects
        memberTotal += other.memberTotal
        for key in other.fieldOrder {
            guard let theirs = other.fields[key] else { continue }
            let mine = field(key)
            mine.present += theirs.present
            mine.shape.absorb(theirs.shape)
        }
        arrays += other.arrays
        if let element = other.element {
            elementShape().absorb(element)
        }
    }

    /// A new shape holding everything these shapes saw.
    static func merged(_ shapes: [Shape], path: String) -> Shape {
        let out = Shape(path: path)
        for shape in shapes { out.absorb(shape) }
        return out
    }
}
