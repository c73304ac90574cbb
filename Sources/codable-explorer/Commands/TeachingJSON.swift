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
        var decoderSetting: DecoderSetting?
        var decodeCall: DecodeCall?
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
            decoderSetting: fix.decoderSetting, decodeCall: fix.decodeCall)
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
