import Foundation
import Teaching

/// The members `check --format json` adds to each error object: `explanation` always, and
/// `fixes` with `--fixes`. Keys are sorted so the output is stable.
enum TeachingJSON {
    struct FixObject: Encodable {
        var number: Int
        var kind: String
        var title: String
        var detail: String
        var verdict: String
        var decodes: Bool
        var remainingErrors: Int
        var verifiedBy: String
        var diff: String?
        var decoderSetting: DecoderSettingObject?
        var decodeCall: DecodeCall?
        /// Errors the fix removes, this one included; absent when it decodes.
        var removedErrors: Int?
        var cost: CostObject
    }

    /// `{"swift": "decoder.keyDecodingStrategy = .convertFromSnakeCase", "flags": ["--key-strategy", "snake-case"]}`:
    /// the setting's Swift, and `check`'s flags for it (absent when none express it).
    struct DecoderSettingObject: Encodable {
        var swift: String
        var flags: [String]?

        init(_ setting: DecoderSetting) {
            swift = setting.swift
            flags = StrategyOptions.flags(for: setting)
        }
    }

    /// `{"class": "dropsData", "kind": "dropsElements", "text": "drops 344 of 1,707 elements"}`.
    struct CostObject: Encodable {
        var `class`: String
        var kind: String
        var text: String

        init(_ cost: FixCost) {
            `class` = cost.costClass.name
            kind =
                switch cost {
                case .keepsEveryValue: "keepsEveryValue"
                case .changesValues: "changesValues"
                case .alwaysNil: "alwaysNil"
                case .dropsElements: "dropsElements"
                }
            text = cost.text
        }
    }

    /// Each error's members. A fix offered for many errors (one date strategy for 120,000 dates)
    /// carries its diff only where it is first offered; the top-level `fixes` (``allFixes(_:)``)
    /// has each fix once, whole, and every error's fix names it by `number`.
    static func errorMembers(explanations: [Explanation], teaching: TeachingReport?) -> [[(String, String)]] {
        var shown = Set<Int>()
        return explanations.enumerated().map { i, explanation in
            var members = [("explanation", encode(ExplanationObject(explanation)))]
            if let teaching {
                let fixes = teaching.lessons.indices.contains(i) ? teaching.lessons[i].fixes : []
                members.append(
                    (
                        "fixes",
                        encode(
                            fixes.map { index in
                                var object = fixObject(teaching.fixes[index], number: index + 1)
                                if !shown.insert(index).inserted { object.diff = nil }
                                return object
                            })
                    ))
            }
            return members
        }
    }

    /// Every fix of the teaching, once, whole: check's top-level `fixes`.
    static func allFixes(_ teaching: TeachingReport) -> String {
        encode(teaching.fixes.enumerated().map { fixObject($1, number: $0 + 1) })
    }

    static func fixObject(_ fix: Fix, number: Int) -> FixObject {
        FixObject(
            number: number, kind: fix.kind.rawValue, title: fix.title, detail: fix.detail, verdict: fix.verdict.text,
            decodes: fix.verdict.decodes, remainingErrors: fix.verdict.remaining, verifiedBy: fix.verdict.method.rawValue,
            diff: fix.changes.isEmpty ? nil : fix.changes.map(\.diff).joined(),
            decoderSetting: fix.decoderSetting.map(DecoderSettingObject.init), decodeCall: fix.decodeCall,
            removedErrors: fix.verdict.decodes ? nil : fix.verdict.removed, cost: CostObject(fix.cost))
    }

    /// `{"kind", "text", "path", "line", "column", "count"}`: a value that decoded but is almost
    /// surely not what the app meant.
    struct WarningObject: Encodable {
        var kind: String
        var text: String
        var path: String
        var line: Int
        var column: Int
        var count: Int

        init(_ w: DecodeWarning) {
            kind = w.kind
            text = w.text
            path = w.path
            line = w.location.line
            column = w.location.column
            count = w.count
        }
    }

    /// The top-level `warnings` member, when the teaching came (it always does but for a crash).
    static func topMembers(teaching: TeachingReport?) -> [(String, String)] {
        guard let teaching else { return [] }
        return [("warnings", encode(teaching.warnings.map(WarningObject.init)))]
    }

    /// `{"expected", "found", "why", "really"}` (the last two when there is something to say).
    struct ExplanationObject: Encodable {
        var expected: String
        var found: String
        var why: String?
        var really: String?

        init(_ e: Explanation) {
            expected = e.expected
            found = e.found
            why = e.why
            really = e.reality
        }
    }

    static func encode<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "null"
    }
}
