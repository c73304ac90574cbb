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
        for change in fix.changes { try AtomicFile.checkWritable(change.path) }
        var written: [Written] = []
        for change in fix.changes {
            let edited = keepingLineEndings(of: change.original, in: change.edited)
            let backup = try AtomicFile.replace(change.path, expected: Array(change.original.utf8), with: Array(edited.utf8))
            written.append(Written(path: change.path, backup: backup))
        }
        return written
    }

    /// The edited text with the original's line endings: a file written with CRLF keeps CRLF on
    /// the lines a fix adds (its edits are made with LF).
    static func keepingLineEndings(of original: String, in edited: String) -> String {
        let crlf = original.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
        guard !crlf.isEmpty, crlf.allSatisfy({ $0.last == UInt8(ascii: "\r") }) else { return edited }
        var out: [UInt8] = []
        out.reserveCapacity(edited.utf8.count + edited.utf8.count / 20)
        var previous: UInt8 = 0
        for byte in edited.utf8 {
            if byte == UInt8(ascii: "\n") && previous != UInt8(ascii: "\r") { out.append(UInt8(ascii: "\r")) }
            out.append(byte)
            previous = byte
        }
        return String(decoding: out, as: UTF8.self)
    }
}
