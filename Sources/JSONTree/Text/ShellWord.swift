/// A word as a POSIX shell reads it back: bare when safe, else in single quotes.
public enum ShellWord {
    public static func quoted(_ word: String) -> String {
        let safe =
            !word.isEmpty
            && word.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_./:=@%+,".unicodeScalars.contains($0)
            }
        if safe { return word }
        return "'" + TerminalSafeText.escape(word).split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
