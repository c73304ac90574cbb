/// Why a fix could not be written.
public enum FixWriteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file no longer holds the text the fix was computed from.
    case changedSinceComputed(path: String)
    case unreadable(path: String, reason: String)
    case cannotBackUp(path: String, reason: String)
    case cannotWrite(path: String, reason: String)
    /// The file's mode makes it read-only: replacing it (the folder allows that) would bypass it.
    case readOnly(path: String)
    /// The fix changes no file (only a decoder setting or the decode call).
    case nothingToWrite

    public var description: String {
        switch self {
        case .changedSinceComputed(let p): "\(p) changed since the fix was computed; check again and pick the fix anew"
        case .unreadable(let p, let r): "cannot read \(p): \(r)"
        case .cannotBackUp(let p, let r): "cannot keep a backup of \(p): \(r)"
        case .cannotWrite(let p, let r): "cannot write \(p): \(r)"
        case .readOnly(let p): "\(p) is read-only; nothing was written (make it writable, e.g. chmod u+w, to apply the fix)"
        case .nothingToWrite: "this fix changes no model file: it is a decoder setting or another decode call"
        }
    }
}
