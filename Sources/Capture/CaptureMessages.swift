import JSONTree

// Every text the capture reader and the routes parser show, made here.

extension CaptureError: CustomStringConvertible {
    /// `capture.har:12:5: error: …`, as a compiler says it.
    public var description: String {
        "\(TerminalSafeText.escape(file)):\(location.line):\(location.column): error: \(message)"
    }

    public var message: String {
        switch reason {
        case .notJSON(let error): "the capture is not JSON: \(error.message)"
        case .notHAR(let found):
            "a HAR capture is an object with \"log\": {\"entries\": […]}; this is \(found.phrase) (for a JSON Lines file, pass --json-lines)"
        case .missing(let member, let owner): "\(owner) has no \"\(member)\" (HAR 1.2 requires it)"
        case .wrongKind(let member, let expected, let found): "\"\(member)\" is \(found.phrase); HAR 1.2 says \(expected.phrase)"
        case .badStatus(let text): "the status \(TerminalSafeText.escape(text)) is not a whole number from 0 to 999"
        case .unreadable(let why): "cannot read the capture: \(TerminalSafeText.escape(why))"
        }
    }
}

extension RouteError: CustomStringConvertible {
    /// `routes.txt:3:18: error: …`.
    public var description: String {
        "\(TerminalSafeText.escape(file)):\(line):\(column): error: \(message)"
    }

    public var message: String {
        switch reason {
        case .missingPattern: "a rule needs a URL path pattern after its method: GET /v1/users/{id} User"
        case .missingType: "a rule needs a type after its pattern: GET /v1/users/{id} User"
        case .badMethod(let text): "'\(TerminalSafeText.escape(text))' is not a method: write one (GET, POST, …) or * for any"
        case .patternNotPath(let text):
            "'\(TerminalSafeText.escape(text))' is not a URL path pattern: start it with / (the host and the query are not matched)"
        case .badSegment(let text):
            "'\(TerminalSafeText.escape(text))' is not a segment a pattern takes: a literal, {name} or * for one segment, ** for the rest"
        case .restNotLast: "** matches the rest of the path: it can only be the last segment"
        case .unbalanced(let text): "'\(TerminalSafeText.escape(text))' is unbalanced in the type expression"
        case .missingValue(let keyword):
            keyword == "at"
                ? "'at' needs a key path after it: at data.items" : "'status' needs a list after it: status 404 or status 4xx,5xx"
        case .repeated(let keyword): "'\(keyword)' is given twice in this rule"
        case .unexpected(let text): "'\(TerminalSafeText.escape(text))' after the type: expected 'at KEYPATH' or 'status LIST'"
        case .keyPath(let error): "the key path after 'at': \(error)"
        case .badStatus(let text):
            "'\(TerminalSafeText.escape(text))' is not a status: write a code (404) or a class (4xx), separated by commas"
        case .unreadable(let why): "cannot read the routes file: \(TerminalSafeText.escape(why))"
        case .type(let why): "the type of this rule: \(TerminalSafeText.escape(why))"
        }
    }
}

extension SkipReason: CustomStringConvertible {
    /// `no body recorded`, `not JSON (image/png)`, `no content`.
    public var description: String {
        switch self {
        case .noBodyRecorded: "no body recorded"
        case .noContent: "no content"
        case .notJSON(let mime): mime.isEmpty ? "not JSON" : "not JSON (\(TerminalSafeText.escape(mime)))"
        case .unreadableBody(let why): "body unreadable: \(TerminalSafeText.escape(why))"
        }
    }
}
