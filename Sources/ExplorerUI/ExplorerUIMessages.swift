import JSONTree

/// The explorer's errors in the user's words: the one place a new kind of terminal, key map,
/// search or clipboard error gets its text.

extension NcursesBackend.OpenError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notATerminal:
            "the explorer needs a terminal; for scripts and CI use `codable-explorer check` or `validate`"
        case .dumbTerminal:
            "TERM=dumb cannot draw the explorer; set TERM (e.g. xterm-256color) or use `codable-explorer check`"
        case .unknownTerminal(let term):
            "no terminfo entry for TERM=\(term); install ncurses-term or set TERM=xterm-256color"
        }
    }
}

extension KeyMapConfig.Failure: CustomStringConvertible {
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}

extension SearchPattern.InvalidPattern {
    public var message: String {
        "invalid regular expression /\(TerminalSafeText.escape(pattern))/: \(reason)"
    }
}

extension ClipboardCommand.Failure {
    var message: String {
        switch self {
        case .cannotStart(let why): "could not start (\(why))"
        case .exited(let status): "exited with status \(status)"
        case .timedOut: "did not finish in 2 s"
        }
    }
}
