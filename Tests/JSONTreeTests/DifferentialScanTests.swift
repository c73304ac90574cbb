import Foundation
import TestSupport
import Testing

@testable import JSONTree

/// Mutated payloads, judged by the scanner and by Foundation: the verdicts must agree.
@Suite struct DifferentialScanTests {
    static let seeds: [String] = [
        #"{"id": 1, "name": "Ada", "tags": ["a", "b"], "price": -12.5e3, "ok": true, "none": null}"#,
        #"[{"a": {"b": [1, 2, {"c": "\u00e9\n"}]}}, [], {}, "x\"y", 0.5, 1E+2]"#,
        #"{"k": "caf\u00e9 \ud83d\ude00", "n": [0, -0, 10, 1.0e-5], "e": "", "u": "日本"}"#,
        "[1,\n 2,\r\n 3]\n",
    ]
    static let json5Seeds: [String] = [
        "{unquoted: 'single', hex: 0x1F, lead: .5, trail: 5., plus: +1, inf: Infinity, nan: NaN, // c\n list: [1, 2,], /* b */ s: 'it\\'s',}",
        "{$key_1: -Infinity, a\\u0062c: \"line\\\ncontinued\", x: '\\x41', é: 1e3}",
    ]
    static let alphabet: [UInt8] =
        Array(#"{}[],:"\/'0123456789.-+eEtfnulx u"#.utf8) + [0x0A, 0x0D, 0x09, 0x00, 0x80, 0xC3, 0xE2, 0xFF, 0x0B, 0xA0]

    /// Foundation's JSON5 reader traps (a precondition in `_decodeScalar`) on invalid UTF-8
    /// where an unquoted key may start, so JSON5 cases mutate with ASCII only.
    static let json5Alphabet = alphabet.filter { $0 < 0x80 }

    static func mutations(of seed: String, count: Int, alphabet: [UInt8] = alphabet, rng: inout SeededGenerator) -> [[UInt8]] {
        let base = Array(seed.utf8)
        return (0..<count).map { _ in
            var bytes = base
            for _ in 0..<Int.random(in: 1...3, using: &rng) {
                let at = Int.random(in: 0..<max(bytes.count, 1), using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0 where !bytes.isEmpty: bytes.remove(at: at)
                case 1: bytes.insert(alphabet.randomElement(using: &rng)!, at: min(at, bytes.count))
                default: if !bytes.isEmpty { bytes[at] = alphabet.randomElement(using: &rng)! }
                }
            }
            return bytes
        }
    }

    /// Cases where the scanner and Foundation (asked in a child process) disagree.
    static func disagreements(_ cases: [[UInt8]], json5: Bool) throws -> (found: [String], crashes: Int) {
        var out: [String] = []
        var crashes = 0
        for (bytes, verdict) in zip(cases, try OracleProcess.verdicts(cases, json5: json5)) {
            let tree = try? JSONTree.parse(bytes, options: .init(json5: json5))
            guard case let .answered(foundationStructure, foundationFull) = verdict else {
                // Foundation traps: the app would crash. The scanner must reject, never crash.
                crashes += 1
                if tree?.isAcceptedByJSONDecoder == true {
                    out.append("\(String(decoding: bytes, as: UTF8.self).debugDescription): Foundation crashes, we accept")
                }
                continue
            }
            let structure = tree != nil
            let full = tree?.isAcceptedByJSONDecoder ?? false
            if structure != foundationStructure || full != foundationFull {
                let shown = String(decoding: bytes, as: UTF8.self).debugDescription
                out.append(
                    "\(shown): structure ours \(structure) Foundation \(foundationStructure); full ours \(full) Foundation \(foundationFull)"
                )
            }
        }
        return (out, crashes)
    }

    @Test func mutatedJSONGetsFoundationsVerdict() throws {
        var rng = SeededGenerator(seed: 2026)
        let cases = Self.seeds.flatMap { Self.mutations(of: $0, count: 600, rng: &rng) }
        let (found, crashes) = try Self.disagreements(cases, json5: false)
        #expect(crashes == 0)
        #expect(found.isEmpty, "\(found.count) of \(cases.count):\n\(found.prefix(15).joined(separator: "\n"))")
    }

    @Test func mutatedJSON5GetsFoundationsVerdict() throws {
        var rng = SeededGenerator(seed: 5)
        let cases = (Self.json5Seeds + Self.seeds).flatMap { Self.mutations(of: $0, count: 500, alphabet: Self.json5Alphabet, rng: &rng) }
        let (found, _) = try Self.disagreements(cases, json5: true)
        #expect(found.isEmpty, "\(found.count) of \(cases.count):\n\(found.prefix(15).joined(separator: "\n"))")
    }

    @Test func unmutatedSeedsAreAccepted() throws {
        for seed in Self.seeds { #expect(try JSONTree.parse(Array(seed.utf8)).isAcceptedByJSONDecoder) }
        for seed in Self.json5Seeds {
            #expect(try JSONTree.parse(Array(seed.utf8), options: .init(json5: true)).isAcceptedByJSONDecoder, "\(seed)")
        }
    }
}
