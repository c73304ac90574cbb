import DecodingEngine
import JSONTree

/// The `check --format json` object of docs/check-output.md, from a ``CheckResult``.
///
/// The contract is relied on by scripts: fields are only ever added, never changed. Members
/// are written in the contract's order, the teaching's (`explanation`, `fixes`, `warnings`)
/// after the engine's.
public enum CheckJSON {
    /// The contract object; write it with ``OutputJSON/write(_:)``.
    public static func object(_ result: CheckResult) -> OutputJSON {
        let report = result.report
        var members: [OutputJSON.Member] = [
            .init("ok", .bool(report.ok)),
            .init("type", .string(result.typeExpression)),
            .init("path", .string(result.path)),
            .init("errors", .array(report.errors.indices.map { error(at: $0, of: result) })),
            .init("value", value(result)),
            .init("mode", .string(result.mode.rawValue)),
        ]
        if let output = report.modelOutput { members.append(.init("modelOutput", modelOutput(output))) }
        if let teaching = result.teaching {
            // Compiled mode's warnings are read from the value the model's code decoded (dates only).
            members.append(.init("warnings", .array(teaching.warnings.map(FixJSON.warning))))
        }
        if let shown = result.shownFixes {
            members.append(.init("fixes", .array(shown.fixes.enumerated().map { FixJSON.fix($1, number: $0 + 1) })))
        }
        members += caughtMembers(result)
        if let search = report.allErrorsSearch { members.append(.init("allErrorsSearch", allErrorsSearch(search))) }
        if let leftOut = result.leftOut {
            // The files left out, the modules they import that cannot be built here, and the line that says so.
            members.append(
                .init(
                    "leftOut",
                    .object([
                        .init("files", .array(leftOut.paths.map { .string($0) })),
                        .init("modules", .array(leftOut.modules.map { .string($0) })), .init("note", .string(leftOut.description)),
                    ])))
        }
        return .object(members)
    }

    /// Compiled `--all-errors`: how the errors after the first were found.
    static func allErrorsSearch(_ search: AllErrorsSearch) -> OutputJSON {
        var members: [OutputJSON.Member] = [
            .init("method", .string(search.method.rawValue)), .init("decodes", .integer(search.decodes)),
            .init(
                "setAside",
                .array(
                    search.setAside.map { aside in
                        var members: [OutputJSON.Member] = [
                            .init("path", .array(aside.path.map(component))), .init("line", .integer(aside.location.line)),
                            .init("column", .integer(aside.location.column)),
                        ]
                        switch aside.edit {
                        case .replaced(let text): members += [.init("edit", .string("replaced")), .init("json", .string(text))]
                        case .insertedKey(let key, let value):
                            members += [.init("edit", .string("insertedKey")), .init("json", .string("\(key): \(value)"))]
                        }
                        return .object(members)
                    })),
        ]
        if let stop = search.stop {
            let kind =
                switch stop {
                case .cannotSetAside: "cannotSetAside"
                case .placeholderRejected: "placeholderRejected"
                case .limit: "limit"
                }
            members.append(.init("stopped", .string(kind)))
        }
        members.append(.init("text", .string(search.description)))
        return .object(members)
    }

    /// The decoded value: as the worker rendered it, in its segments, or null when it failed.
    static func value(_ result: CheckResult) -> OutputJSON {
        guard result.report.ok else { return .null }
        if let valueJSON = result.valueJSON { return .rendered(valueJSON.segments) }
        return .rendered([Array((result.report.value?.json ?? "null").utf8)])
    }

    /// What the model's own code printed (compiled mode): each stream as kept, with its whole size.
    static func modelOutput(_ output: ModelOutput) -> OutputJSON {
        .object([
            .init("stdout", .string(output.standardOutput.text)),
            .init("stdoutBytes", .integer(output.standardOutput.total)),
            .init("stderr", .string(output.standardError.text)),
            .init("stderrBytes", .integer(output.standardError.total)),
        ])
    }

    static func error(at index: Int, of result: CheckResult) -> OutputJSON {
        var members = errorMembers(result.report.errors[index], in: result.report)
        if let explanation = result.explanation(of: index) { members.append(.init("explanation", FixJSON.explanation(explanation))) }
        if let shown = result.shownFixes {
            // A fix offered for many errors carries its diff only where it is first offered; the
            // top-level `fixes` has each fix once, whole, and every error's fix names it by `number`.
            let fixes = shown.lessons.indices.contains(index) ? shown.lessons[index].fixes : []
            members.append(
                .init(
                    "fixes",
                    .array(
                        fixes.map { number in
                            let first = shown.lessons.firstIndex { $0.fixes.contains(number) } == index
                            return FixJSON.fix(shown.fixes[number], number: number + 1, withDiff: first)
                        })))
        }
        return .object(members)
    }

    /// The members of the contract's error object that the decode gives (`errors`, and `caught`).
    static func errorMembers(_ error: LocatedDecodingError, in report: DecodeReport) -> [OutputJSON.Member] {
        var members: [OutputJSON.Member] = [
            .init("kind", .string(error.kind.rawValue)),
            .init("codingPath", .array(error.codingPath.map(component))),
        ]
        if let key = error.key { members.append(.init("key", .string(key))) }
        if let type = error.expectedType { members.append(.init("expectedType", .string(type))) }
        if let type = error.errorType { members.append(.init("errorType", .string(type))) }
        // An element whose decode never answered (all-errors mode, compiled): kind `other`, and why.
        if error.reason == .elementTimedOut { members.append(.init("stopped", .string("timedOut"))) }
        if error.reason == .elementCrashed { members.append(.init("stopped", .string("crashed"))) }
        members.append(.init("debugDescription", .string(error.debugDescription)))
        if let location = error.location ?? report.parseError?.location {
            members += [.init("line", .integer(location.line)), .init("column", .integer(location.column))]
        }
        if let parseError = report.parseError, error.codingPath.isEmpty, error.kind == .dataCorrupted {
            members.append(
                .init(
                    "parseError",
                    .object([
                        .init("message", .string(parseError.message)),
                        .init("line", .integer(parseError.location.line)),
                        .init("column", .integer(parseError.location.column)),
                    ])))
        }
        if let cause = error.realCause {
            members.append(
                .init(
                    "realCause",
                    .object([
                        .init("explanation", .string(cause.explanation)),
                        .init("line", .integer(cause.location.line)),
                        .init("column", .integer(cause.location.column)),
                    ])))
        }
        if let property = error.property {
            members.append(
                .init(
                    "property",
                    .object([
                        .init("name", .string(property.name)),
                        .init("declaration", .string(property.declarationText)),
                        .init("file", .string(property.location.file)),
                        .init("line", .integer(property.location.line)),
                        .init("column", .integer(property.location.column)),
                    ])))
        }
        return members
    }

    static func component(_ component: PathComponent) -> OutputJSON {
        switch component {
        case .key(let key): .string(key)
        case .index(let index): .integer(index)
        }
    }
}
