import JSONTree

/// The `check --format json` object of docs/check-output.md, built from a report.
///
/// The contract is relied on by scripts: fields are only ever added, never changed.
public struct CheckOutput: Sendable {
    public var report: DecodeReport
    /// The type expression as the user wrote it.
    public var typeExpression: String
    /// The key path decoded at, in contract form (`$` for the root).
    public var path: String
    /// Members added after the contract's own in each error object, as (key, raw JSON value),
    /// parallel to `report.errors` (the contract grows only by added fields).
    public var addedErrorMembers: [[(String, String)]] = []
    /// Members added after the contract's own at the top level, as (key, raw JSON value):
    /// `warnings`, and `fixes` with `--fixes`.
    public var addedMembers: [(String, String)] = []
    /// Which way decided: `schema` (the schema engine) or `compiled` (the model's own compiled code).
    public var mode = "schema"
    /// The decoded value already rendered as the contract's JSON (the worker sends it so);
    /// nil to render `report.value`.
    public var valueJSON: ValueJSON?

    public init(report: DecodeReport, typeExpression: String, path: String) {
        self.report = report
        self.typeExpression = typeExpression
        self.path = path
    }

    /// The contract object, on one line.
    public var json: String {
        var text: [UInt8] = []
        write { text += $0 }
        return String(decoding: text, as: UTF8.self)
    }

    /// The contract object, on one line, as UTF-8 in pieces: the value (which can be as large
    /// as the payload) is handed over in its own segments, not copied into one text with the rest.
    public func write(_ out: ([UInt8]) -> Void) {
        // A NUL never appears in the object's own text (JSON escapes it), so it marks the value's place.
        let marker = "\u{0}value\u{0}"
        let object = self.object(value: marker)
        guard let range = object.range(of: marker) else { return out(Array(object.utf8)) }
        out(Array(object[..<range.lowerBound].utf8))
        if !report.ok {
            out(Array("null".utf8))
        } else if let valueJSON {
            for segment in valueJSON.segments { out(segment) }
        } else {
            out(Array((report.value?.json ?? "null").utf8))
        }
        out(Array(object[range.upperBound...].utf8))
    }

    private func object(value: String) -> String {
        JSONText.object(
            [
                ("ok", report.ok ? "true" : "false"),
                ("type", Quoted.json(typeExpression)),
                ("path", Quoted.json(path)),
                (
                    "errors",
                    JSONText.array(
                        report.errors.enumerated().map { i, e in
                            errorJSON(e, added: addedErrorMembers.indices.contains(i) ? addedErrorMembers[i] : [])
                        })
                ),
                ("value", value),
                ("mode", Quoted.json(mode)),
            ] + (report.modelOutput.map { [("modelOutput", Self.outputJSON($0))] } ?? []) + addedMembers)
    }

    /// What the model's own code printed (compiled mode): each stream as kept, with its whole size.
    static func outputJSON(_ output: ModelOutput) -> String {
        JSONText.object([
            ("stdout", Quoted.json(output.standardOutput.text)),
            ("stdoutBytes", String(output.standardOutput.total)),
            ("stderr", Quoted.json(output.standardError.text)),
            ("stderrBytes", String(output.standardError.total)),
        ])
    }

    /// One error object of the contract (`errors`, and `caught`), with `added` members after its own.
    public func errorJSON(_ error: LocatedDecodingError, added: [(String, String)]) -> String {
        var members: [(String, String)] = [
            ("kind", Quoted.json(error.kind.rawValue)),
            ("codingPath", JSONText.array(error.codingPath.map(Self.componentJSON))),
        ]
        if let key = error.key { members.append(("key", Quoted.json(key))) }
        if let type = error.expectedType { members.append(("expectedType", Quoted.json(type))) }
        if let type = error.errorType { members.append(("errorType", Quoted.json(type))) }
        // An element whose decode never answered (all-errors mode, compiled): kind `other`, and why.
        if error.reason == .elementTimedOut { members.append(("stopped", Quoted.json("timedOut"))) }
        if error.reason == .elementCrashed { members.append(("stopped", Quoted.json("crashed"))) }
        members.append(("debugDescription", Quoted.json(error.debugDescription)))
        let location = error.location ?? report.parseError?.location
        if let location {
            members.append(("line", String(location.line)))
            members.append(("column", String(location.column)))
        }
        if let parseError = report.parseError, error.codingPath.isEmpty, error.kind == .dataCorrupted {
            members.append(
                (
                    "parseError",
                    JSONText.object([
                        ("message", Quoted.json(parseError.message)),
                        ("line", String(parseError.location.line)),
                        ("column", String(parseError.location.column)),
                    ])
                ))
        }
        if let cause = error.realCause {
            members.append(
                (
                    "realCause",
                    JSONText.object([
                        ("explanation", Quoted.json(cause.explanation)),
                        ("line", String(cause.location.line)),
                        ("column", String(cause.location.column)),
                    ])
                ))
        }
        if let property = error.property {
            members.append(
                (
                    "property",
                    JSONText.object([
                        ("name", Quoted.json(property.name)),
                        ("declaration", Quoted.json(property.declarationText)),
                        ("file", Quoted.json(property.location.file)),
                        ("line", String(property.location.line)),
                        ("column", String(property.location.column)),
                    ])
                ))
        }
        return JSONText.object(members + added)
    }

    static func componentJSON(_ component: PathComponent) -> String {
        switch component {
        case .key(let key): Quoted.json(key)
        case .index(let index): String(index)
        }
    }
}
