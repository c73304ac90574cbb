import Foundation
import TestSupport
import Testing

/// Teaching on the errors the model's own code caught (issue 39, items 5 and 6): what each leniency
/// lost, counted; its strict edit, compiled and decoded again, offered only when the strict model
/// throws the very error Foundation threw; the edit that keeps the value where one exists. The truth
/// is Foundation's: the test makes the strict (or lenient) copy of the model itself and decodes the
/// payload with it in a program of its own (``FoundationOracle``).
@Suite(.serialized) struct CaughtTeachingTests {
    static let feed = CaughtErrorsTests.cases[0].payload
    static let profile = CaughtErrorsTests.cases[1].payload
    static let model = CaughtErrorsTests.model

    static func json(_ payload: String, type: String, extra: [String] = []) throws -> (output: [String: Any], text: String) {
        let result = try CaughtErrorsTests.check(payload, type: type, extra: ["--format", "json"] + extra)
        #expect(result.status == 0, "\(result.out)\(result.err)")
        let output = try #require(try JSONSerialization.jsonObject(with: Data(result.out.utf8)) as? [String: Any], "\(result.err)")
        return (output, result.out)
    }

    /// Foundation's verdict on `payload` as `type` with the fixture edited by `edit` (old, new).
    static func foundation(_ payload: String, type: String, edit: (String, String)) throws -> FoundationOracle.Verdict {
        #expect(model.contains(edit.0), "the fixture holds \(edit.0)")
        let edited = model.replacingOccurrences(of: edit.0, with: edit.1)
        return try #require(
            try FoundationOracle.verdicts(
                files: ["Lenient.swift": edited], cases: [.init(type: type, payload: .text(payload))], flags: ["-module-name", "Models"]
            ).first)
    }

    /// The strict fix's `throws` is the error Foundation throws decoding the payload with the strict copy.
    static func expectThrows(_ fix: [String: Any]?, equal verdict: FoundationOracle.Verdict) {
        let thrown = fix?["throws"] as? [String: Any]
        #expect(!verdict.ok)
        #expect(
            thrown?["debugDescription"] as? String == verdict.fields["debugDescription"] as? String,
            "\(String(describing: fix)) vs \(verdict)")
        #expect((thrown?["error"] as? String)?.hasPrefix(verdict.kind ?? "?") == true, "\(String(describing: fix)) vs \(verdict)")
        #expect(fix?["verifiedBy"] as? String == "compiled")
    }

    @Test("wrappers: what was lost, counted; taking the wrapper off throws Foundation's own error")
    func wrappers() throws {
        let (output, text) = try Self.json(Self.feed, type: "Feed", extra: ["--fixes"])
        let caught = try #require(output["caught"] as? [[String: Any]], "\(text)")
        #expect(caught.count == 4)
        // Two of the four elements were left out: both entries say so.
        #expect(caught[0]["lost"] as? String == "2 of 4 elements dropped from $.items", "\(text)")
        #expect(caught[1]["lost"] as? String == "2 of 4 elements dropped from $.items", "\(text)")
        #expect((caught[0]["leniency"] as? String)?.contains("@LossyArray") == true, "\(text)")
        let lossy = caught[0]["strictFix"] as? [String: Any]
        #expect((lossy?["diff"] as? String)?.contains("-    @LossyArray var items: [Item]\n+    var items: [Item]\n") == true, "\(text)")
        Self.expectThrows(lossy, equal: try Self.foundation(Self.feed, type: "Feed", edit: ("@LossyArray var items", "var items")))
        // The default wrapper: "yes" converts to no Bool, so nothing keeps it; strict throws at isActive.
        #expect(caught[2]["lost"] as? String == #"a string, "yes" became the default Default.defaultValue"#, "\(text)")
        #expect(caught[2]["keepsValueFix"] == nil)
        Self.expectThrows(
            caught[2]["strictFix"] as? [String: Any],
            equal: try Self.foundation(Self.feed, type: "Feed", edit: ("@DefaultFalse var isActive", "var isActive")))
        // The lossless wrapper's probe kept the value.
        #expect((caught[3]["lost"] as? String)?.hasPrefix("nothing:") == true, "\(text)")
    }

    @Test("hand-written init(from:): try? made try, a catch that throws again; a Result helper has no edit; the number sent as text kept")
    func handWritten() throws {
        let (output, text) = try Self.json(Self.profile, type: "Profile", extra: ["--fixes"])
        let caught = try #require(output["caught"] as? [[String: Any]], "\(text)")
        #expect(caught.count == 4)
        #expect(caught[0]["lost"] as? String == "null became nil", "\(text)")
        Self.expectThrows(
            caught[0]["strictFix"] as? [String: Any],
            equal: try Self.foundation(Self.profile, type: "Profile", edit: ("nickname = try? c.decode", "nickname = try c.decode")))
        #expect(caught[1]["lost"] as? String == #"a string, "7" became the default 0"#, "\(text)")
        let age = "age = (try? c.decode(Int.self, forKey: .age)) ?? 0"
        Self.expectThrows(
            caught[1]["strictFix"] as? [String: Any],
            equal: try Self.foundation(Self.profile, type: "Profile", edit: (age, "age = try c.decode(Int.self, forKey: .age)")))
        // The catch block throws the error again: the same error leaves the decode.
        let score = caught[2]["strictFix"] as? [String: Any]
        #expect((score?["title"] as? String)?.contains("catch block") == true, "\(text)")
        #expect((score?["diff"] as? String)?.contains("+            throw error\n") == true, "\(text)")
        #expect((score?["throws"] as? [String: Any])?["debugDescription"] as? String == caught[2]["debugDescription"] as? String)
        // The Result helper catches away from the line: no edit, and why.
        #expect(caught[3]["strictFix"] == nil)
        #expect((caught[3]["strictNote"] as? String)?.contains("helper returning Result") == true, "\(text)")
        // "7" for an Int: LosslessValue<Int> keeps it; Foundation decodes the lenient copy to age 7.
        let keep = try #require(caught[1]["keepsValueFix"] as? [String: Any], "\(text)")
        #expect(
            (keep["diff"] as? String)?.contains("+        age = (try? c.decode(LosslessValue<Int>.self, forKey: .age).wrappedValue) ?? 0")
                == true, "\(text)")
        let kept = try Self.foundation(
            Self.profile, type: "Profile", edit: (age, "age = (try? c.decode(LosslessValue<Int>.self, forKey: .age).wrappedValue) ?? 0"))
        #expect(kept.ok && kept.line.contains(#""age":7"#), "\(kept)")
        // Without --fixes: what was lost, no edits (none compiled).
        let plain = try Self.json(Self.profile, type: "Profile").output["caught"] as? [[String: Any]]
        #expect(plain?.map { $0["lost"] as? String ?? "" } == caught.map { $0["lost"] as? String ?? "" })
        #expect(plain?.allSatisfy { $0["strictFix"] == nil && $0["keepsValueFix"] == nil } == true)
    }

    @Test("check's text: under each caught error, the leniency, what was lost and the verified strict edit, its diff once")
    func text() throws {
        let result = try CaughtErrorsTests.check(Self.feed, type: "Feed")
        #expect(result.status == 0)
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("  lost:     2 of 4 elements dropped from $.items"), "\(result.out)")
        #expect(lines.contains("  strict: Take @LossyArray off items (at Lenient.swift:101)"), "\(result.out)")
        #expect(
            lines.contains(
                "    ✓ verified (compiled and decoded again): the strict model throws typeMismatch at items[1].id: Expected to decode Int but found a string instead."
            ), "\(result.out)")
        // The second dropped element shares the edit: its diff is not shown again.
        #expect(lines.filter { $0 == "    -    @LossyArray var items: [Item]" }.count == 1, "\(result.out)")
        #expect(lines.contains("    (shown above)"), "\(result.out)")
        #expect(lines.last(where: { !$0.isEmpty }) == "payload.json: ok: Feed decoded at $ (compiled mode)")
    }

    @Test("schema mode says once that compiled mode would show what the code catches; never when nothing could catch")
    func schemaModeNote() throws {
        let note = "compiled mode would show them (--mode compiled)"
        let result = try CaughtErrorsTests.check(Self.profile, type: "Profile", extra: ["--mode", "schema"])
        #expect(
            result.out.components(separatedBy: note).count - 1 + result.err.components(separatedBy: note).count - 1 == 1,
            "\(result.out)\(result.err)")
        // A synthesized model catches nothing: no note, in either format; a present null read with
        // decodeIfPresent is no error in either mode, and not listed.
        let user = #"{"name": "a", "nickname": null, "pets": []}"#
        for mode in ["schema", "compiled"] {
            let plain = try UnreadKeysTests.check(user, type: "User", extra: ["--mode", mode])
            #expect(plain.status == 0 && !plain.out.contains("--mode compiled") && !plain.out.contains("caught"), "\(plain.out)")
            let json = try UnreadKeysTests.check(user, type: "User", extra: ["--mode", mode, "--format", "json"])
            let output = try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any]
            #expect(output?["ok"] as? Bool == true && output?["caught"] == nil && output?["caughtUnseen"] == nil, "\(json.out)")
        }
    }
}
