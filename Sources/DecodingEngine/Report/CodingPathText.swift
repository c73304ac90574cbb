import JSONTree

extension Array where Element == PathComponent {
    /// A coding path as people read it, `products[1].name`, with unsafe characters escaped.
    public var readableText: String {
        var text = ""
        for component in self {
            switch component {
            case .key(let key): text += (text.isEmpty ? "" : ".") + TerminalSafeText.escape(key)
            case .index(let index): text += "[\(index)]"
            }
        }
        return text
    }
}
