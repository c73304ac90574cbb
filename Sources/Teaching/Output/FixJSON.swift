import DecodingEngine
import JSONTree

/// The teaching's objects in `check --format json` and `fix --format json`: fixes, explanations
/// and warnings. Their members are in alphabetical order, as they have been since they were added.
public enum FixJSON {
    /// `fix --format json`: every verified fix, numbered.
    public static func fixes(_ teaching: TeachingReport) -> OutputJSON {
        .array(teaching.fixes.enumerated().map { fix($1, number: $0 + 1) })
    }

    /// One fix: `{"cost", "decodeCall", "decoderSetting", "decodes", "detail", "diff", "kind",
    /// "number", "remainingErrors", "removedErrors", "title", "verdict", "verifiedBy"}`. Without
    /// `withDiff` the diff is left out (it was shown where the fix was first offered).
    static func fix(_ fix: Fix, number: Int, withDiff: Bool = true) -> OutputJSON {
        var members: [OutputJSON.Member] = [.init("cost", cost(fix.cost))]
        if let call = fix.decodeCall {
            var object: [OutputJSON.Member] = []
            if let path = call.path { object.append(.init("path", .string(path))) }
            object.append(.init("swift", .string(call.swift)))
            if let type = call.typeExpression { object.append(.init("typeExpression", .string(type))) }
            members.append(.init("decodeCall", .object(object)))
        }
        if let setting = fix.decoderSetting {
            // The setting's Swift, and `check`'s flags for it (absent when none express it).
            var object: [OutputJSON.Member] = []
            if let flags = setting.checkFlags { object.append(.init("flags", .array(flags.map { .string($0) }))) }
            object.append(.init("swift", .string(setting.swift)))
            members.append(.init("decoderSetting", .object(object)))
        }
        members += [.init("decodes", .bool(fix.verdict.decodes)), .init("detail", .string(fix.detail))]
        if withDiff, !fix.changes.isEmpty { members.append(.init("diff", .string(fix.changes.map(\.diff).joined()))) }
        members += [
            .init("kind", .string(fix.kind.rawValue)), .init("number", .integer(number)),
            .init("remainingErrors", .integer(fix.verdict.remaining)),
        ]
        // Errors the fix removes, this one included; absent when it decodes.
        if !fix.verdict.decodes { members.append(.init("removedErrors", .integer(fix.verdict.removed))) }
        members += [
            .init("title", .string(fix.title)), .init("verdict", .string(fix.verdict.text)),
            .init("verifiedBy", .string(fix.verdict.method.rawValue)),
        ]
        return .object(members)
    }

    /// `{"class": "dropsData", "kind": "dropsElements", "text": "drops 344 of 1,707 elements"}`.
    static func cost(_ cost: FixCost) -> OutputJSON {
        let kind =
            switch cost {
            case .keepsEveryValue: "keepsEveryValue"
            case .changesValues: "changesValues"
            case .alwaysNil: "alwaysNil"
            case .dropsElements: "dropsElements"
            }
        return .object([.init("class", .string(cost.costClass.name)), .init("kind", .string(kind)), .init("text", .string(cost.text))])
    }

    /// `{"expected", "found", "really", "why"}` (the last two when there is something to say).
    static func explanation(_ e: Explanation) -> OutputJSON {
        var members: [OutputJSON.Member] = [.init("expected", .string(e.expected)), .init("found", .string(e.found))]
        if let really = e.reality { members.append(.init("really", .string(really))) }
        if let why = e.why { members.append(.init("why", .string(why))) }
        return .object(members)
    }

    /// `{"column", "count", "kind", "line", "path", "text"}`: a value that decoded but is almost
    /// surely not what the app meant.
    static func warning(_ w: DecodeWarning) -> OutputJSON {
        .object([
            .init("column", .integer(w.location.column)), .init("count", .integer(w.count)), .init("kind", .string(w.kind)),
            .init("line", .integer(w.location.line)), .init("path", .string(w.path)), .init("text", .string(w.text)),
        ])
    }
}
