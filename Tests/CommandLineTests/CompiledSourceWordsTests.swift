import Foundation
import TestSupport
import Testing

/// Compiled mode's lessons and fixes speak the words of the user's source: a type as the line
/// that threw writes it (`[Failable<Product>]`, not the runtime's `Array<Failable<Product>>`), the
/// runtime's type in Swift's sugar where no line says it (a generic parameter), and a key the code
/// computes at run time as the expression that computes it, never the run's key (`VES`) as if the
/// source named it. Checked on copies of the tour's scenarios, against their Models.swift.
@Suite struct CompiledSourceWordsTests {
    /// `check` on a copy of the scenario: its text, and the copy's Models.swift.
    static func check(_ name: String, type: String, decoder: String? = nil) throws -> (out: String, source: String) {
        let dir = try HandWrittenTourTests.copy(name)
        defer { try? FileManager.default.removeItem(at: dir) }
        let arguments = ["check", "payload.json", "--model", "Models.swift", "--type", type] + (decoder.map { ["--decoder", $0] } ?? [])
        let result = try FixCommandTests.run(arguments, in: dir)
        return (result.out, try String(contentsOf: dir.appendingPathComponent("Models.swift"), encoding: .utf8))
    }

    /// The text between the first pair of backticks after `marker` in `text`.
    static func quotedCall(after marker: String, in text: String) -> String? {
        guard let line = text.split(separator: "\n").first(where: { $0.contains(marker) }),
            let open = line.range(of: "(`")?.upperBound, let close = line[open...].firstIndex(of: "`")
        else { return nil }
        return String(line[open..<close])
    }

    @Test func theCallThatThrewIsShownWithTheTypeAsTheSourceLineWritesIt() throws {
        let (out, source) = try Self.check("26-lossy-array", type: "Catalogue")
        let call = try #require(Self.quotedCall(after: "expected:", in: out), "\(out)")
        #expect(call == #"decode([Failable<Product>].self, forKey: "clearance")"#, "\(out)")
        #expect(source.contains("container.decode([Failable<Product>].self, forKey: .clearance)"), "the line's own spelling")
        #expect(!out.contains("Array<"), "\(out)")
    }

    @Test func aTypeTheSourceNamesByAnAliasIsShownByTheAliasNotTheRuntimesName() throws {
        let model = """
            struct Track: Decodable { let title: String }
            typealias Tracks = [Track]

            struct Album: Decodable {
                let tracks: Tracks

                enum CodingKeys: String, CodingKey { case tracks }

                init(from decoder: any Decoder) throws {
                    let c = try decoder.container(keyedBy: CodingKeys.self)
                    tracks = try c.decode(Tracks.self, forKey: .tracks)
                }
            }

            """
        let dir = try CheckTeachingTests.folder(payload: #"{"tracks": null}"#, model: model)
        defer { try? FileManager.default.removeItem(at: dir) }
        let result = try FixCommandTests.run(
            ["check", "payload.json", "--model", "Models.swift", "--type", "Album", "--no-fixes"], in: dir)
        #expect(result.status == 1)
        let call = try #require(Self.quotedCall(after: "expected:", in: result.out), "\(result.out)")
        #expect(call == #"decode(Tracks.self, forKey: "tracks")"#, "the runtime says Array<Track>; the line says Tracks: \(result.out)")
    }

    @Test func aGenericParametersTypeIsTheRuntimesWrittenInSwiftSugar() throws {
        let (out, source) = try Self.check("28-key-path-in-userinfo", type: "AtKeyPath<[Track]>", decoder: "makeDecoder()")
        let call = try #require(Self.quotedCall(after: "expected:", in: out), "\(out)")
        #expect(call == #"decode([Track].self, forKey: "tracks")"#, "\(out)")
        #expect(source.contains("container.decode(T.self, forKey: last)"), "the source says only T")
        #expect(!out.contains("Array<"), "\(out)")
    }

    @Test func aFixForAKeyComputedAtRunTimeNamesTheSourcesKeyNotTheRunsKey() throws {
        let dir = try HandWrittenTourTests.copy("30-dynamic-coding-keys")
        defer { try? FileManager.default.removeItem(at: dir) }
        let source = try String(contentsOf: dir.appendingPathComponent("Models.swift"), encoding: .utf8)
        #expect(source.contains("byCode.decode(Double.self, forKey: code)") && !source.contains("VES"))
        let listed = try CheckTeachingTests.listed(["fix", "payload.json", "--model", "Models.swift", "--type", "ExchangeRates"], in: dir)
        #expect(listed.count >= 2, "\(listed)")
        for fix in listed {
            let title = try #require(fix["title"] as? String)
            #expect(!title.contains("`VES`"), "the run's key is not a name in the source: \(title)")
            #expect(title.contains(#"the value for `code` (a key computed at run time: "VES" here)"#), "\(title)")
            #expect(fix["verifiedBy"] as? String == "compiled", "\(fix)")
        }
        #expect((listed.first?["title"] as? String)?.hasPrefix("Read the value for `code`") == true)
        let applied = try FixCommandTests.run(
            ["fix", "payload.json", "--model", "Models.swift", "--type", "ExchangeRates", "--apply", "1"], in: dir)
        #expect(applied.status == 0, "\(applied.out)\(applied.err)")
        #expect(try HandWrittenTourTests.foundation("ExchangeRates", in: dir)["ok"] as? Bool == true, "Foundation decodes with it")
    }
}
