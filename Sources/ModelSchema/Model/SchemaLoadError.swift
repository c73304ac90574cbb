/// Why model files could not be read.
public enum SchemaLoadError: Error, Sendable, Hashable {
    case notFound(path: String)
    case unreadable(path: String)
    case noSwiftFiles(path: String)
}
