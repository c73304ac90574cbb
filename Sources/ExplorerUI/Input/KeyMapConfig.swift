import Foundation
import JSONTree

/// keys.conf: remaps keys on top of the standard ones.
///
///     # Comments start with #.
///     map <Ctrl-n> next-match      # a named key
///     map gg first                 # a sequence (g alone must then be unbound first)
///     unmap q
///
/// Lines are read in order; an error names the file, line and column, as a compiler does,
/// and the explorer does not start (exit 2) until the file is right.
public enum KeyMapConfig {
    /// Every problem in a file (each an error at its line and column), one line each when printed.
    public struct Failure: Error, Hashable, Sendable {
        public var diagnostics: [SourceDiagnostic]
    }

    /// A problem at `line` and `column` of `file`, which the explorer does not start with.
    static func problem(_ message: String, file: String, line: Int, column: Int) -> SourceDiagnostic {
        SourceDiagnostic(file: file, line: line, column: column, severity: .error, message: message)
    }

    /// Where keys.conf is looked for: `$XDG_CONFIG_HOME/codable-explorer/keys.conf`, by default
    /// `~/.config/codable-explorer/keys.conf`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
            return xdg + "/codable-explorer/keys.conf"
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/codable-explorer/keys.conf"
    }

    /// The key map for a run: the standard one changed by `path` (`--keys`, which must exist)
    /// or by the default file when there is one.
    public static func load(path: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> Result<KeyMap, Failure> {
        let file: String
        if let path {
            file = path
        } else if let found = defaultPath(environment: environment), FileManager.default.fileExists(atPath: found) {
            file = found
        } else {
            return .success(.standard)
        }
        guard let data = FileManager.default.contents(atPath: file) else {
            return .failure(Failure(diagnostics: [problem("cannot read this key map file", file: file, line: 1, column: 1)]))
        }
        return parse(String(decoding: data, as: UTF8.self), file: file)
    }

    /// Applies the lines of a keys.conf to `base`; every problem is reported, not just the first.
    public static func parse(_ text: String, file: String, base: KeyMap = .standard) -> Result<KeyMap, Failure> {
        var map = base
        var problems: [SourceDiagnostic] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            do {
                try apply(Self.words(of: line), to: &map)
            } catch {
                problems.append(problem(error.message, file: file, line: index + 1, column: error.column))
            }
        }
        return problems.isEmpty ? .success(map) : .failure(Failure(diagnostics: problems))
    }

    struct LineError: Error {
        var column: Int
        var message: String
    }

    /// A word of a line and the 1-based column (in characters) where it starts.
    struct Word {
        var text: String
        var column: Int
    }

    static func words(of line: Substring) -> [Word] {
        var words: [Word] = []
        var current = ""
        var start = 0
        for (k, c) in line.enumerated() {
            if c == " " || c == "\t" || c == "\r" {
                if !current.isEmpty { words.append(Word(text: current, column: start + 1)) }
                current = ""
            } else {
                if current.isEmpty { start = k }
                current.append(c)
            }
        }
        if !current.isEmpty { words.append(Word(text: current, column: start + 1)) }
        return words
    }

    private static func apply(_ words: [Word], to map: inout KeyMap) throws(LineError) {
        guard let command = words.first, !command.text.hasPrefix("#") else { return }
        // `unmap KEYS VIEW` unbinds a key of a view drawn over the tree (`unmap j stepping`).
        var context = KeyContext.browse
        if command.text == "unmap", words.count > 2, let named = KeyContext(rawValue: words[2].text) { context = named }
        let arity = command.text == "map" || context != .browse ? 2 : 1
        switch command.text {
        case "map", "unmap":
            guard words.count > arity else {
                let expected = command.text == "map" ? "map KEYS ACTION" : "unmap KEYS"
                throw LineError(column: command.column, message: "expected `\(expected)`")
            }
            if words.count > arity + 1, !words[arity + 1].text.hasPrefix("#") {
                throw LineError(
                    column: words[arity + 1].column,
                    message: "unexpected \(safe(words[arity + 1].text)) after `\(command.text)`; comments start with #")
            }
        default:
            throw LineError(
                column: command.column,
                message: "unknown command \(safe(command.text)); a line is `map KEYS ACTION`, `unmap KEYS` or a # comment")
        }
        let keysWord = words[1]
        let keys: [Key]
        do {
            keys = try KeyName.parse(keysWord.text)
        } catch {
            throw LineError(column: keysWord.column + error.offset, message: error.message)
        }
        let name = KeyName.describe(keys)
        if command.text == "unmap", context != .browse {
            guard map.modeBindings[context]?.removeValue(forKey: keys) != nil else {
                throw LineError(column: keysWord.column, message: "\(safe(name)) is not bound in \(context.rawValue)")
            }
            return
        }
        if command.text == "unmap" {
            guard map.bindings.removeValue(forKey: keys) != nil else {
                let longer = map.clashes(with: keys).longer
                let note = longer.isEmpty ? "" : " (\(list(longer, in: map)) start with it: unmap them one by one)"
                throw LineError(column: keysWord.column, message: "\(safe(name)) is not bound\(note)")
            }
            return
        }
        let actionWord = words[2]
        guard let entry = ActionCatalog.entry(named: actionWord.text) else {
            let near = ActionCatalog.suggestions(for: actionWord.text)
            let hint =
                near.isEmpty
                ? "; the actions are listed in README and on the ? screen"
                : " (did you mean \(near.map { "`\($0)`" }.joined(separator: " or "))?)"
            throw LineError(column: actionWord.column, message: "unknown action \(safe(actionWord.text))\(hint)")
        }
        if entry.context != .browse {
            // The views over the tree read one key at a time.
            guard keys.count == 1 else {
                throw LineError(
                    column: keysWord.column,
                    message: "\(entry.name) works in \(entry.context.rawValue), which takes single keys, not \(safe(name))")
            }
            map.modeBindings[entry.context, default: [:]][keys] = entry.action
            return
        }
        let clashes = map.clashes(with: keys)
        if !clashes.shorter.isEmpty {
            throw LineError(
                column: keysWord.column,
                message: "\(list(clashes.shorter, in: map)) is bound, so \(safe(name)) can never be typed; unmap it first")
        }
        if !clashes.longer.isEmpty {
            throw LineError(
                column: keysWord.column,
                message: "\(safe(name)) would hide \(list(clashes.longer, in: map)); unmap them first")
        }
        map.bindings[keys] = entry.action
    }

    /// `yp (copy-path), yj (copy-pointer)`.
    private static func list(_ sequences: [[Key]], in map: KeyMap) -> String {
        sequences.map { keys in
            let name = safe(KeyName.describe(keys))
            guard let action = map.bindings[keys], let entry = ActionCatalog.entry(for: action) else { return name }
            return "\(name) (\(entry.name))"
        }.joined(separator: ", ")
    }

    private static func safe(_ text: String) -> String { TerminalSafeText.escape(text) }
}
