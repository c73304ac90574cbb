import Foundation
import JSONTree

/// A compiled `/` search: a regular expression (ICU syntax, as `NSRegularExpression` reads
/// it), case-insensitive when the pattern has no capital letter (vim's smartcase).
public struct SearchPattern: @unchecked Sendable {
    /// What the user typed.
    public let source: String
    public let isCaseInsensitive: Bool
    /// ASCII text every match contains (lowercased when case-insensitive); see ``RequiredLiteral``.
    let literal: [UInt8]?
    private let regex: NSRegularExpression

    /// Why a pattern could not be compiled, as the user will read it.
    public struct InvalidPattern: Error, Hashable, Sendable {
        public var pattern: String
        public var reason: String
    }

    public init(_ source: String) throws(InvalidPattern) {
        self.source = source
        isCaseInsensitive = !Self.hasCapital(source)
        do {
            regex = try NSRegularExpression(pattern: source, options: isCaseInsensitive ? [.caseInsensitive] : [])
        } catch {
            throw InvalidPattern(pattern: source, reason: Self.reason(for: source))
        }
        let required = RequiredLiteral.of(source)
        literal = isCaseInsensitive ? required?.map(Self.lowercased) : required
    }

    /// Whether the text has a match.
    public func matches(_ text: String) -> Bool {
        let length = text.utf16.count
        return regex.firstMatch(in: text, options: [], range: NSRange(location: 0, length: length)) != nil
    }

    /// Whether text given as UTF-8 bytes may match: false only when it certainly does not.
    ///
    /// Only pure ASCII bytes are judged here: with other text, Unicode case folding (`K` and the
    /// Kelvin sign) and canonical equivalence could make a match the bytes do not show.
    @inline(__always)
    func mayMatch(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let literal, !literal.isEmpty else { return true }
        let n = bytes.count
        let m = literal.count
        guard n >= m else {
            return bytes.contains { $0 >= 0x80 }
        }
        var sawNonASCII = false
        let first = literal[0]
        var k = 0
        while k < n {
            var b = bytes[k]
            if b >= 0x80 { sawNonASCII = true; break }
            if isCaseInsensitive { b = Self.lowercased(b) }
            if b == first, k + m <= n {
                var j = 1
                while j < m {
                    var c = bytes[k + j]
                    if isCaseInsensitive { c = Self.lowercased(c) }
                    if c != literal[j] { break }
                    j += 1
                }
                if j == m { return true }
            }
            k += 1
        }
        return sawNonASCII
    }

    @inline(__always)
    static func lowercased(_ b: UInt8) -> UInt8 {
        b >= 0x41 && b <= 0x5A ? b | 0x20 : b
    }

    /// Whether a pattern asks for case to matter: a capital letter that is not part of an
    /// escape (`\D`, `\W`, `\S`, `\p{Lu}` do not count).
    static func hasCapital(_ pattern: String) -> Bool {
        let p = Array(pattern.unicodeScalars)
        var i = 0
        while i < p.count {
            if p[i] == "\\" {
                // Skip the escape and a braced argument (`\p{Lu}`, `\x{41}`, `\N{…}`).
                i += 2
                if i < p.count, p[i] == "{", let close = p[i...].firstIndex(of: "}") { i = close + 1 }
                continue
            }
            if p[i].properties.isUppercase { return true }
            i += 1
        }
        return false
    }

    /// Why a pattern does not compile. ICU only says "invalid"; Swift's own regex parser reads
    /// nearly the same syntax and names the problem ("expected ')'"), so ask it.
    static func reason(for pattern: String) -> String {
        do {
            _ = try Regex(pattern)
        } catch {
            return TerminalSafeText.escape(String(describing: error))
        }
        return "not valid in ICU's syntax (as NSRegularExpression reads it); escape special characters with \\"
    }
}
