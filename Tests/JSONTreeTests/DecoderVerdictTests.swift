import Foundation
import Testing

@testable import JSONTree

/// The inputs on which the scanner's verdict differed from JSONDecoder's (issue 11), each
/// asked of Foundation in a child process and of the scanner: the verdicts must agree, and
/// where Foundation traps, the scanner must say that an app crashes.
@Suite struct DecoderVerdictTests {
    enum Expected: Equatable, CustomStringConvertible {
        case accepted, rejected, crashes
        var description: String { "\(self == .accepted ? "accepted" : self == .rejected ? "rejected" : "crashes")" }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var json5 = false
        var expected: Expected
        /// Words the user sees in the first error (or warning, for accepted inputs).
        var says: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "a bad value under a repeated key is never read", bytes: Array(#"{"a":1,"a":"\uD800"}"#.utf8),
            expected: .accepted, says: "under a repeated key: JSONDecoder reads only the first value"),
        Case(
            name: "a bad value under the first of two keys is read", bytes: Array(#"{"a":"\uD800","a":1}"#.utf8),
            expected: .rejected, says: "unpaired UTF-16 surrogate"),
        Case(
            name: "a bad value nested under a repeated key", bytes: Array(#"{"a":1,"a":{"b":[1e400]}}"#.utf8),
            expected: .accepted, says: "under a repeated key"),
        Case(
            name: "UTF-32LE's byte order mark is UTF-16LE's and a NUL", bytes: [0xFF, 0xFE, 0, 0] + Array("[\0\0\0]\0\0\0".utf8),
            expected: .rejected, says: "U+0000"),
        Case(
            name: "a cut last UTF-16LE code unit is ignored", bytes: [0x35, 0, 0x31, 0, 0x2C],
            expected: .accepted, says: ""),
        Case(
            name: "a cut last UTF-16BE code unit is ignored", bytes: [0, 0x5B, 0, 0x31, 0, 0x5D, 0x20],
            expected: .accepted, says: ""),
        Case(
            name: "a cut last UTF-32LE code unit is ignored", bytes: [0x5B, 0, 0, 0, 0x31, 0, 0, 0, 0x5D, 0, 0, 0, 0xD8, 0xD8, 0xD8],
            expected: .accepted, says: ""),
        Case(
            name: "three bytes are not UTF-16 (a fuzz find)", bytes: [0, 0x31, 0],
            expected: .rejected, says: "U+0000"),
        Case(name: "two bytes may be UTF-16", bytes: [0, 0x31], expected: .accepted, says: ""),
        Case(
            name: "hex past 64 bits", bytes: Array("[0x10000000000000000]".utf8), json5: true,
            expected: .rejected, says: "too large to represent"),
        Case(
            name: "the largest UInt64 in hex", bytes: Array("[0xFFFFFFFFFFFFFFFF]".utf8), json5: true,
            expected: .accepted, says: ""),
        Case(
            name: "NaN followed by an exponent letter", bytes: Array("[NaNE]".utf8), json5: true,
            expected: .rejected, says: "the exponent needs digits"),
        Case(
            name: "Infinity followed by an exponent letter", bytes: Array("[InfinityE]".utf8), json5: true,
            expected: .rejected, says: "the exponent needs digits"),
        Case(name: "hex with a trailing point", bytes: Array("[0x1.]".utf8), json5: true, expected: .accepted, says: ""),
        Case(name: "hex with a binary exponent", bytes: Array("[0x1p3]".utf8), json5: true, expected: .accepted, says: ""),
        Case(
            name: "hex with a fraction that is no integer", bytes: Array("[0x1.8]".utf8), json5: true,
            expected: .rejected, says: "in a hex number"),
        Case(
            name: "the 513th [ as the last byte", bytes: Array(repeating: UInt8(ascii: "["), count: 513),
            expected: .crashes, says: "an app decoding this with JSONDecoder crashes"),
        Case(
            name: "the 513th [ then a space", bytes: Array(repeating: UInt8(ascii: "["), count: 513) + [0x20],
            expected: .rejected, says: "unexpected end of input"),
        Case(
            name: "an exponent sign with no digits (JSON5)", bytes: Array("[9e+]".utf8), json5: true,
            expected: .crashes, says: "an app decoding this with JSONDecoder crashes"),
        Case(
            name: "a trailing point, then an exponent sign (JSON5)", bytes: Array("[5.e-]".utf8), json5: true,
            expected: .crashes, says: "an app decoding this with JSONDecoder crashes"),
        Case(
            name: "hex one past Int64.min", bytes: Array("[-0x8000000000000001]".utf8), json5: true,
            expected: .crashes, says: "an app decoding this with JSONDecoder crashes"),
        Case(
            name: "hex far past Int64.min", bytes: Array("[-0xFFFFFFFFFFFFFFFF]".utf8), json5: true,
            expected: .rejected, says: "too large to represent"),
    ]

    /// The scanner's verdict and the words of its diagnostics.
    static func ours(_ c: Case) -> (Expected, String) {
        do {
            let tree = try JSONTree.parse(c.bytes, options: .init(json5: c.json5))
            let message = tree.issues.map(\.message).joined(separator: "\n")
            if message.contains("an app decoding this with JSONDecoder crashes") { return (.crashes, message) }
            return (tree.isAcceptedByJSONDecoder ? .accepted : .rejected, message)
        } catch {
            if case .decoderCrashesOnNesting = error.reason { return (.crashes, error.message) }
            return (.rejected, error.message)
        }
    }

    @Test(arguments: cases)
    func theVerdictIsJSONDecoders(_ c: Case) throws {
        let foundation: Expected =
            switch try OracleProcess.verdicts([c.bytes], json5: c.json5)[0] {
            case .crashed: .crashes
            case let .answered(_, full): full ? .accepted : .rejected
            }
        #expect(foundation == c.expected, "Foundation on this machine: \(foundation)")
        let (verdict, message) = Self.ours(c)
        #expect(verdict == foundation)
        #expect(c.says.isEmpty ? verdict != .accepted || message.isEmpty : message.contains(c.says), "\(message)")
    }
}
