/// Why model files could not be read.
public enum SchemaLoadError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(path: String)
    case unreadable(path: String)
    case noSwiftFiles(path: String)

    public var description: String {
        switch self {
        case .notFound(let path): "No such file or folder: \(path)"
        case .unreadable(let path): "Cannot read \(path) as UTF-8 text"
        case .noSwiftFiles(let path): "No .swift files in \(path)"
        }
    }
}
