import JSONTree

/// An error in plain words: what `JSONDecoder` expected at this point (from the model), what the
/// payload holds instead, the rule at play, and, where Foundation's own message misleads, what
/// really happened.
public struct Explanation: Sendable, Hashable, Codable {
    /// What `JSONDecoder` expected here, from the model property's declared type.
    public var expected: String
    /// What the payload holds instead: its JSON kind and its text, abbreviated and terminal-safe.
    public var found: String
    /// The `Codable` rule that makes this an error.
    public var why: String?
    /// What really happened, where Foundation's message or coding path points elsewhere.
    public var reality: String?

    public init(expected: String, found: String, why: String? = nil, reality: String? = nil) {
        self.expected = expected
        self.found = found
        self.why = why
        self.reality = reality
    }

    /// Labelled lines, as `check` prints them: `expected: …`, `found: …`, `why: …`, `really: …`.
    public var lines: [String] {
        var out = ["expected: \(expected)", "found:    \(found)"]
        if let why { out.append("why:      \(why)") }
        if let reality { out.append("really:   \(reality)") }
        return out
    }

    /// The explanation of a payload that is not JSON at all (there is no tree to explain against).
    public init(parseError: JSONParseError) {
        self.init(
            expected: "valid JSON",
            found: "\(parseError.message) (line \(parseError.location.line), column \(parseError.location.column))",
            why: "JSONDecoder reads the whole payload before it decodes anything; nothing decodes from invalid JSON",
            reality:
                "Foundation's message on this platform gives no position; the first problem is at line \(parseError.location.line), column \(parseError.location.column)"
        )
    }
}

extension Explanation {
    /// `really:` for a number that does not fit the type read from it, at `path`: Foundation's words
    /// point at the root, both engines say where the number is.
    static func numberDoesNotFitReality(at path: String) -> String {
        "the JSON is valid: Foundation reports a number that does not fit its type as \"The given data was not valid JSON.\" with an empty codingPath; the number is at \(path)"
    }
}
