import Teaching

extension DecodeSession {
    /// How many errors the payload has at least, as far as the fixes know, when that is more
    /// than the decode on screen shows: a first-error decode shows one, while its fixes were
    /// verified against every error (`removes this error; 114 others remain` means 115 or more).
    /// Nil in all-errors mode and when nothing more is known.
    public var moreErrorsKnown: Int? {
        guard !setup.options.allErrors, let shown = overlay?.report.errors.count, shown > 0, let lessons else { return nil }
        let remaining = lessons.fixes.filter { $0.verdict.method != .compiled }.map(\.verdict.remaining).max() ?? 0
        return remaining + 1 > shown ? remaining + 1 : nil
    }
}
