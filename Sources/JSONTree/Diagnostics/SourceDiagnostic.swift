/// One finding at a place in a file, printed the way compilers print theirs:
/// `file:line:column: severity: message`. swiftc's errors (crossing from the decode worker, hence
/// `Codable`), the model reader's findings, a payload's issues and a key map file's mistakes are
/// all this one type, so that the line is formatted in one place, ``description``.
public struct SourceDiagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
    /// How serious the finding is; its raw value is the word printed after the location.
    public enum Severity: String, Hashable, Sendable, Codable {
        /// Rejected: the compiler does not build it, JSONDecoder does not read it, the tool does not start.
        case error
        /// Accepted, but probably not what was meant.
        case warning
        /// More about the diagnostic before it (why a value is what it is).
        case note
        /// Valid Swift that this tool cannot interpret (hand-written `init(from:)`, property wrappers, macros).
        case uninterpretable
    }

    /// How ``file`` is printed.
    public enum FileShown: String, Hashable, Sendable, Codable {
        /// As given: a payload's name or a key map's path, as the user wrote it.
        case asGiven
        /// Its last path component: the model files, which swiftc and the reader name by their full paths.
        case lastComponent

        /// `file` as this way shows it (not yet made terminal-safe).
        public func shown(_ file: String) -> String {
            switch self {
            case .asGiven: file
            case .lastComponent: file.split(separator: "/").last.map(String.init) ?? file
            }
        }
    }

    /// The file's path (or a payload's display name, `-` for standard input); matched as is,
    /// printed as ``fileShown`` says.
    public var file: String
    /// 1-based.
    public var line: Int
    /// 1-based.
    public var column: Int
    public var severity: Severity
    /// What is wrong, without the location; already safe for a terminal where it quotes untrusted text.
    public var message: String
    public var fileShown: FileShown

    public init(file: String, line: Int, column: Int, severity: Severity, message: String, fileShown: FileShown = .asGiven) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.message = message
        self.fileShown = fileShown
    }

    /// `Models.swift:12:7: error: cannot find type 'Prodcut' in scope`; the file name is made
    /// terminal-safe (it may come from an untrusted payload's name).
    public var description: String {
        "\(TerminalSafeText.escape(fileShown.shown(file))):\(line):\(column): \(severity.rawValue): \(message)"
    }
}
