import ModelSchema

/// What a worker serving a session (``DecodeSession``) keeps from one job to the next: the model
/// as parsed, so that a capture of 2,000 entries reads its model files once, not 2,000 times.
/// A session reads the models once: a file saved during it is seen by the next session.
final class ModelMemory {
    private var paths: [String]?
    private var schema: Schema?

    /// The model at `paths`, parsed on the first call and kept for the next with the same paths.
    func schema(_ paths: [String]) throws(SchemaLoadError) -> Schema {
        if let schema, paths == self.paths { return schema }
        let loaded = try Schema.load(paths: paths)
        self.paths = paths
        schema = loaded
        return loaded
    }
}
