/// A command line that names a command or an option this tool does not have, with the
/// nearest one it does: found before ArgumentParser's own message, which for `check x.json
/// --tpye Foo` would be the missing `--type` rather than the typo.
enum CommandLineMistake: Error, Equatable {
    /// The first word is no command and no file, and is close to a command's name.
    case unknownCommand(String, suggestion: String)
    /// A `--name` the command does not take; `suggestion` is its nearest option, if any is close.
    case unknownOption(String, command: String, suggestion: String?)
}

/// The mistake in the user's words (the one place it gets its text).
extension CommandLineMistake: CustomStringConvertible {
    var description: String {
        switch self {
        case .unknownCommand(let word, let suggestion):
            "Unknown command '\(word)' (and no such payload file): did you mean '\(suggestion)'?"
        case .unknownOption(let option, let command, let suggestion?):
            "Unknown option '\(option)' for '\(command)': did you mean '\(suggestion)'?"
        case .unknownOption(let option, let command, nil):
            "Unknown option '\(option)' for '\(command)'. See 'codable-explorer \(command) --help'."
        }
    }
}
