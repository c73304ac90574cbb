import Foundation
import TestSupport

@testable import JSONTree

/// Deterministic fuzz inputs for the differential run: mutations of the conformance corpus
/// and of slices of real API responses, aimed at the places issue 11 found disagreements
/// (repeated keys, number tokens, encodings, the nesting limit) as well as at random bytes.
///
/// The same seed gives the same inputs in the same order, so a disagreement found by the
/// long run is reproduced by its seed and index.
struct MutationGenerator {
    struct Input {
        var bytes: [UInt8]
        var json5: Bool
        /// The mutations applied, for the report.
        var recipe: String
    }

    private var rng: SeededGenerator
    private let seeds: [[UInt8]]

    static let alphabet: [UInt8] =
        Array(#"{}[],:"\/'0123456789.-+eEtfnulxXpPIN u"#.utf8)
        + [0x0A, 0x0D, 0x09, 0x00, 0x01, 0x1F, 0x80, 0xC3, 0xE2, 0xED, 0xF0, 0xFF, 0xFE, 0x0B, 0xA0]
    /// Foundation's JSON5 reader traps on invalid UTF-8 where an unquoted key may start
    /// (DECISIONS.md), a crash we know and do not announce: JSON5 mutations stay ASCII.
    static let json5Alphabet = alphabet.filter { $0 < 0x80 }

    static let numbers: [String] = [
        "0", "-0", "1", "-1", "01", "1.", ".5", "5.", "+1", "1e5", "1E+5", "1e-5", "1e", "1e+", "9e-", "1e400", "-1e400",
        "1e-400", "123456789012345678901234567890", "0.1e1", "1.e5", "5.e+", "-", "--1", "1-", "0x1F", "0X1f", "0x",
        "0x1.", "0x1p3", "0x1.8p1", "0x1.8", "0x1p-1", "0x.8p1", "0xFFFFFFFFFFFFFFFF", "0x10000000000000000",
        "-0x8000000000000000", "-0x8000000000000001", "-0xFFFFFFFFFFFFFFFF", "+0x1p3", "NaN", "NaNE", "NaNx", "-NaN",
        "Infinity", "-Infinity", "+Infinity", "InfinityE", "Infinityx", "Infinity1e", "Inf", "9223372036854775808",
        "-9223372036854775809", "18446744073709551616", "1.7976931348623157e308", "1.8e308", "4.9e-324", "2e-324",
    ]
    static let values: [String] = [
        #""\uD800""#, #""\uDC00x""#, #""\u12""#, #""\q""#, "\"\u{1}\"", "1e400", "[1e400]", #"{"k": "\uD800"}"#, "01", "1", #""ok""#,
        "null", "[]", "{}", #"{"a": {"a": 1, "a": "\uD800"}}"#,
    ]

    init(seed: UInt64, seeds: [[UInt8]]) {
        rng = SeededGenerator(seed: seed)
        self.seeds = seeds
    }

    /// The corpus: every JSONTestSuite file, and from each real payload up to 40 values of
    /// 16 bytes to 4 KB (whole payloads are too large to send to the oracle by thousands).
    static func corpus(repositoryRoot: URL) throws -> [[UInt8]] {
        let fixtures = repositoryRoot.appendingPathComponent("Tests/Fixtures")
        var out: [[UInt8]] = []
        let suite = fixtures.appendingPathComponent("JSONTestSuite/test_parsing")
        for name in try FileManager.default.contentsOfDirectory(atPath: suite.path).sorted() where name.hasSuffix(".json") {
            out.append([UInt8](try Data(contentsOf: suite.appendingPathComponent(name))))
        }
        let real = fixtures.appendingPathComponent("realworld/payloads")
        for name in try FileManager.default.contentsOfDirectory(atPath: real.path).sorted() where name.hasSuffix(".json") {
            let bytes = [UInt8](try Data(contentsOf: real.appendingPathComponent(name)))
            guard let tree = try? JSONTree.parse(bytes) else { continue }
            var picked: [[UInt8]] = []
            var rng = SeededGenerator(seed: UInt64(bytes.count))
            for _ in 0..<2_000 where picked.count < 40 {
                let node = Int.random(in: 0..<tree.nodeCount, using: &rng)
                let range = tree.byteRange(node)
                guard (16...4096).contains(range.count) else { continue }
                picked.append(Array(tree.text[range]))
            }
            out += picked
        }
        return out
    }

    mutating func next() -> Input {
        var bytes = seeds.randomElement(using: &rng)!
        let json5 = Int.random(in: 0..<3, using: &rng) == 0
        var recipe: [String] = []
        for _ in 0..<Int.random(in: 1...3, using: &rng) {
            switch Int.random(in: 0..<10, using: &rng) {
            case 0...2: recipe.append(mutateBytes(&bytes, json5: json5))
            case 3, 4: recipe.append(spliceNumber(&bytes))
            case 5, 6: recipe.append(repeatKey(&bytes))
            case 7 where !json5: recipe.append(transcode(&bytes))
            case 8: recipe.append(nest(&bytes))
            default: recipe.append(truncate(&bytes))
            }
        }
        return Input(bytes: bytes, json5: json5, recipe: recipe.joined(separator: ", "))
    }

    private mutating func mutateBytes(_ bytes: inout [UInt8], json5: Bool) -> String {
        let alphabet = json5 ? Self.json5Alphabet : Self.alphabet
        let at = Int.random(in: 0..<max(bytes.count, 1), using: &rng)
        switch Int.random(in: 0..<3, using: &rng) {
        case 0 where !bytes.isEmpty: bytes.remove(at: at); return "delete"
        case 1: bytes.insert(alphabet.randomElement(using: &rng)!, at: min(at, bytes.count)); return "insert"
        default:
            if bytes.isEmpty { return "none" }
            bytes[at] = alphabet.randomElement(using: &rng)!
            return "replace"
        }
    }

    /// Replaces a number token (a run of number characters after `:`, `[` or `,`) or, with
    /// none, a random position's byte with a number from the vocabulary.
    private mutating func spliceNumber(_ bytes: inout [UInt8]) -> String {
        let number = Array(Self.numbers.randomElement(using: &rng)!.utf8)
        let starts = bytes.indices.filter { k in
            let c = bytes[k]
            return (c == UInt8(ascii: "-") || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")))
                && (k == 0 || [UInt8(ascii: ":"), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: " ")].contains(bytes[k - 1]))
        }
        guard let start = starts.randomElement(using: &rng) else {
            bytes = Array("[".utf8) + number + Array("]".utf8)
            return "number \(String(decoding: number, as: UTF8.self))"
        }
        var end = start
        while end < bytes.count, Array("0123456789.eE+-".utf8).contains(bytes[end]) { end += 1 }
        bytes.replaceSubrange(start..<end, with: number)
        return "number \(String(decoding: number, as: UTF8.self))"
    }

    /// Repeats a key of some object right after its member, with a value from the vocabulary.
    private mutating func repeatKey(_ bytes: inout [UInt8]) -> String {
        guard let tree = try? JSONTree.parse(bytes, options: .init(detectsDuplicateKeys: false)) else { return "none" }
        let members = (0..<tree.nodeCount).filter { tree.keyLocation($0) != nil }
        guard let member = members.randomElement(using: &rng), let keyStart = tree.keyLocation(member).map({ _ in tree.keyStart(member)! })
        else { return "none" }
        let value = Array(Self.values.randomElement(using: &rng)!.utf8)
        let end = tree.byteRange(member).upperBound
        let key = Array(tree.text[keyStart..<tree.byteRange(member).lowerBound])  // `"key": ` up to the value
        // Before or after the original member: JSONDecoder reads the first.
        if Bool.random(using: &rng) {
            bytes.insert(contentsOf: Array(",".utf8) + key + value, at: end)
        } else {
            bytes.insert(contentsOf: key + value + Array(",".utf8), at: keyStart)
        }
        return "repeat key"
    }

    private mutating func transcode(_ bytes: inout [UInt8]) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        let encoding = [TextEncoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian].randomElement(using: &rng)!
        var out: [UInt8] = []
        if Bool.random(using: &rng) {
            switch encoding {
            case .utf16LittleEndian: out = [0xFF, 0xFE]
            case .utf16BigEndian: out = [0xFE, 0xFF]
            case .utf32LittleEndian: out = [0xFF, 0xFE, 0, 0]
            default: out = [0, 0, 0xFE, 0xFF]
            }
        }
        switch encoding {
        case .utf16LittleEndian: out += text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        case .utf16BigEndian: out += text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case .utf32LittleEndian: out += text.unicodeScalars.flatMap { s in [0, 8, 16, 24].map { UInt8((s.value >> $0) & 0xFF) } }
        default: out += text.unicodeScalars.flatMap { s in [24, 16, 8, 0].map { UInt8((s.value >> $0) & 0xFF) } }
        }
        // A last code unit cut short, or an extra byte.
        switch Int.random(in: 0..<4, using: &rng) {
        case 0 where !out.isEmpty: out.removeLast()
        case 1: out.append(Self.alphabet.randomElement(using: &rng)!)
        default: break
        }
        bytes = out
        return "as \(encoding.name)"
    }

    private mutating func nest(_ bytes: inout [UInt8]) -> String {
        let depth = Int.random(in: 508...516, using: &rng)
        let open = [UInt8(ascii: "["), UInt8(ascii: "{")].randomElement(using: &rng)!
        if open == UInt8(ascii: "{") {
            bytes = Array(repeating: Array(#"{"a":"#.utf8), count: depth).flatMap { $0 } + bytes
            if Bool.random(using: &rng) { bytes += Array(repeating: UInt8(ascii: "}"), count: depth) }
        } else {
            bytes =
                Array(repeating: open, count: depth)
                + (Bool.random(using: &rng) ? bytes + Array(repeating: UInt8(ascii: "]"), count: depth) : [])
        }
        return "nested \(depth)"
    }

    private mutating func truncate(_ bytes: inout [UInt8]) -> String {
        guard !bytes.isEmpty else { return "none" }
        bytes.removeLast(Int.random(in: 1...min(8, bytes.count), using: &rng))
        return "truncate"
    }
}
