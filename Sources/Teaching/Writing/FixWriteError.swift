/// Why a fix could not be written.
public enum FixWriteError: Error, Sendable, Hashable {
    /// The file no longer holds the text the fix was computed from.
    case changedSinceComputed(path: String)
    case unreadable(path: String, reason: String)
    case cannotBackUp(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    /// The file's mode makes it read-only: replacing it (the folder allows that) would bypass it.
    case readOnly(path: String)
    /// The fix changes no file (only a decoder setting or the decode call).
    case nothingToWrite
}
