/// Teaching's errors in the user's words: the one place a new kind of fix-writing or
/// fix-merging error gets its text.

extension FixWriteError: CustomStringConvertible {
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

extension AtomicFile.CreateError: CustomStringConvertible {
    public var description: String { "cannot write \(path): \(reason)" }
}

extension FixMerge.Conflict: CustomStringConvertible {
    public var description: String {
        switch self {
        case .sameLines(let path, let fixes):
            "fixes \(Self.list(fixes)) change the same lines of \(path) differently; apply one of them"
        case .differentTexts(let path): "the fixes were computed from different versions of \(path); check again"
        case .decoderSettings(let fixes): "fixes \(Self.list(fixes)) set the same decoder strategy differently; apply one of them"
        case .decodeCalls(let fixes): "fixes \(Self.list(fixes)) each decode another type or node; apply one of them"
        }
    }

    static func list(_ numbers: [Int]) -> String {
        numbers.count < 2
            ? numbers.map(String.init).joined()
            : numbers.dropLast().map(String.init).joined(separator: ", ") + " and \(numbers.last!)"
    }
}
