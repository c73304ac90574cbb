/// A payload with one position marked by 📍, as swift-format's `MarkedText` does:
/// the marker is removed and its byte offset kept.
public struct MarkedText {
    public var text: String
    public var markerOffset: Int?

    public init(_ marked: String) {
        let marker = "📍"
        if let range = marked.range(of: marker) {
            markerOffset = marked[..<range.lowerBound].utf8.count
            text = marked.replacingCharacters(in: range, with: "")
        } else {
            text = marked
            markerOffset = nil
        }
    }
}
