/// The key of a value in an unkeyed container, or of a superclass's values.
struct FrameIndexKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(_ index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init?(intValue: Int) { self.init(intValue) }

    static let superKey = FrameIndexKey(stringValue: "super")
}
