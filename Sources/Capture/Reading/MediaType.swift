import Foundation

/// A response's `mimeType` as a decode reads it: whether the body is JSON, and the charset the
/// recorded text was in when it crossed the network.
struct MediaType {
    /// `application/json`, lowercased, without parameters.
    var essence: String
    /// The `charset` parameter, lowercased; nil when there is none.
    var charset: String?

    /// Read at its `;` and `=` bytes (a media type's delimiters are ASCII: splitting by
    /// `Character` was most of the time this took, once an entry). An ASCII type (all of them, in
    /// practice) is trimmed and lowercased a byte at a time, which is what the scalars' properties
    /// say of ASCII: its white space is the space and the tab.
    init(_ text: String) {
        self = text.utf8.allSatisfy({ $0 < 0x80 }) ? MediaType(ascii: Array(text.utf8)) : MediaType(scalars: text)
    }

    /// The media type of `text` with what a body's verdict asks of it (``Facts``), read once for each
    /// text: a capture's entries repeat one or two, and reading one and asking it cost some 1 ms of
    /// the reading thread in 2,000 entries (`perf`). At most ``Memo/limit`` texts are kept.
    static func facts(of text: String) -> Facts {
        if let known = Memo.shared.facts(of: text) { return known }
        let media = MediaType(text)
        let facts = Facts(isJSON: media.isJSON, isKnownNotJSON: media.isKnownNotJSON, encoding: media.encoding)
        Memo.shared.keep(facts, for: text)
        return facts
    }

    /// What reading a body asks of its media type.
    struct Facts: Sendable {
        var isJSON: Bool
        var isKnownNotJSON: Bool
        /// The encoding the charset names, when Foundation knows it and it is not UTF-8.
        var encoding: String.Encoding?

        /// Whether the text crosses as its own UTF-8 (``bytes(of:)`` gives `text.utf8`).
        var sendsUTF8: Bool { encoding == nil }

        /// The recorded text as bytes in the charset it crossed the network in: what the app's
        /// `JSONDecoder` was given (it reads UTF-8, UTF-16 and UTF-32). UTF-8 unless the charset
        /// names another encoding Foundation knows.
        func bytes(of text: String) -> [UInt8] {
            if let encoding, let data = text.data(using: encoding) { return [UInt8](data) }
            return Array(text.utf8)
        }
    }

    /// The facts of the media types read so far, by text.
    private final class Memo: @unchecked Sendable {
        static let shared = Memo()
        static let limit = 64
        private let lock = NSLock()
        private var known: [String: Facts] = [:]

        func facts(of text: String) -> Facts? { lock.withLock { known[text] } }

        func keep(_ facts: Facts, for text: String) {
            lock.withLock {
                if known.count < Self.limit { known[text] = facts }
            }
        }
    }

    private init(scalars text: String) {
        let parts = text.utf8.split(separator: UInt8(ascii: ";")).map { Substring($0) }
        essence = PlainText.trimmed(parts.first ?? "", dropping: PlainText.isWhitespace).lowercased()
        charset =
            parts.dropFirst().lazy.compactMap { part -> String? in
                let pair = part.utf8.split(separator: UInt8(ascii: "="), maxSplits: 1).map { Substring($0) }
                guard pair.count == 2, PlainText.trimmed(pair[0], dropping: PlainText.isWhitespace).lowercased() == "charset" else {
                    return nil
                }
                return PlainText.trimmed(pair[1], dropping: { $0 == " " || $0 == "\"" || $0 == "'" }).lowercased()
            }.first
    }

    private init(ascii bytes: [UInt8]) {
        func text(_ part: ArraySlice<UInt8>, dropping dropped: (UInt8) -> Bool) -> String {
            guard let first = part.firstIndex(where: { !dropped($0) }), let last = part.lastIndex(where: { !dropped($0) }) else {
                return ""
            }
            return String(decoding: part[first...last].map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
        }
        let blank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        let parts = bytes.split(separator: UInt8(ascii: ";"))
        essence = text(parts.first ?? [], dropping: blank)
        charset = nil
        // A loop, not a lazy chain: its generic iterators were half the time this took.
        for part in parts.dropFirst() {
            let pair = part.split(separator: UInt8(ascii: "="), maxSplits: 1)
            guard pair.count == 2, text(pair[0], dropping: blank) == "charset" else { continue }
            charset = text(pair[1]) { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }
            break
        }
    }

    /// `application/json`, `application/problem+json`, `application/vnd.api+json`, `text/json`.
    var isJSON: Bool { essence.hasSuffix("/json") || essence.hasSuffix("+json") || essence.hasSuffix("-json") }

    /// A type that is never JSON (images, audio, video, fonts, HTML, CSS, XML): such a body is not
    /// decoded even when it starts with a brace. Anything else (`text/plain`, none at all,
    /// `application/octet-stream`) is decoded when it looks like JSON.
    var isKnownNotJSON: Bool {
        guard !isJSON else { return false }
        let top = essence.split(separator: "/").first.map(String.init) ?? ""
        return ["image", "audio", "video", "font"].contains(top)
            || [
                "text/html", "text/css", "text/xml", "application/xml", "application/javascript", "text/javascript",
                "application/pdf", "application/zip",
            ].contains(essence)
    }

    /// The encoding the charset names, when Foundation knows it and it is not UTF-8.
    var encoding: String.Encoding? {
        switch charset {
        case "utf-16", "utf16": .utf16
        case "utf-16le": .utf16LittleEndian
        case "utf-16be": .utf16BigEndian
        case "utf-32", "utf32": .utf32
        case "utf-32le": .utf32LittleEndian
        case "utf-32be": .utf32BigEndian
        case "iso-8859-1", "latin1", "iso8859-1": .isoLatin1
        case "windows-1252", "cp1252": .windowsCP1252
        default: nil
        }
    }

    /// Whether a byte is the first of a body that counts: not white space (nor a NUL or a byte of
    /// a UTF-16 byte order mark).
    static func isLead(_ byte: UInt8) -> Bool { ![0x20, 0x09, 0x0A, 0x0D, 0x00, 0xFE, 0xFF].contains(byte) }

    /// Whether bytes start like a JSON document (after white space and a byte order mark):
    /// an object, an array, or a string.
    static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        guard let first = rest.first(where: isLead) else { return false }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }
}
