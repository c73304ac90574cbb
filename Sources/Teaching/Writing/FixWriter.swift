/// Writes a fix to the model files it changes.
public enum FixWriter {
    /// One file written.
    public struct Written: Sendable, Hashable {
        public var path: String
        /// Where the file's previous contents were kept.
        public var backup: String
    }

    /// Writes every change of the fix, each atomically and with a backup. Refuses (and writes
    /// nothing more) when a file no longer holds the text the fix was computed from.
    public static func write(_ fix: Fix) throws(FixWriteError) -> [Written] {
        guard !fix.changes.isEmpty else { throw .nothingToWrite }
        for change in fix.changes where try !AtomicFile.holds(change.path, Array(change.original.utf8)) {
            throw .changedSinceComputed(path: change.path)
        }
        var written: [Written] = []
        for change in fix.changes {
            let backup = try AtomicFile.replace(change.path, expected: Array(change.original.utf8), with: Array(change.edited.utf8))
            written.append(Written(path: change.path, backup: backup))
        }
        return written
    }
}
