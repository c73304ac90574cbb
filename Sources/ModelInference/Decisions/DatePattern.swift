/// The `DateFormatter` pattern a date string is written in, read off the string itself.
///
/// `2024-03-05T10:00:00Z` gives `yyyy-MM-dd'T'HH:mm:ssXXXXX`, `2018-07-05T22:53:15.231061Z`
/// gives `yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXXXX`, `Wed Dec 09 19:40:11 +0000 2015` gives
/// `EEE MMM dd HH:mm:ss Z yyyy`. The pattern is only a proposal: ``DateDetector`` keeps it
/// when a real `DateFormatter` parses every string with it.
enum DatePattern {
    /// A cheap first look: could this string be a date at all?
    static func looksLikeDate(_ value: String) -> Bool {
        let b = value.utf8
        guard b.count >= 10 && b.count <= 40 else { return false }
        var reader = Reader(Array(b))
        if reader.digits(4) && reader.literal("-") { return true }
        reader = Reader(Array(b))
        return reader.letters(3) && (reader.literal(" ") || reader.literal(","))
    }

    /// Whether the string starts like ISO 8601 date and time (`yyyy-MM-ddT`), the only
    /// strings worth offering to JSONDecoder's `.iso8601`.
    /// The rest may hold only letters, digits and `:+-.,`.
    static func isISO8601DateTime(_ value: String) -> Bool {
        let allowed = value.utf8.allSatisfy {
            Reader.isLetter($0) || ($0 >= 0x30 && $0 <= 0x3A) || $0 == 0x2B || $0 == 0x2C || $0 == 0x2D || $0 == 0x2E
        }
        var reader = Reader(Array(value.utf8))
        return allowed && reader.digits(4) && reader.literal("-") && reader.digits(2) && reader.literal("-") && reader.digits(2)
            && reader.literal("T")
    }

    /// The pattern the string is written in, or nil when it is no date format we know.
    static func pattern(for value: String) -> String? {
        var reader = Reader(Array(value.utf8))
        if let pattern = isoFamily(&reader) { return pattern }
        reader = Reader(Array(value.utf8))
        return wordyFamily(&reader)
    }

    /// `2024-03-05`, `2024-03-05T10:00:00.250+02:00`, `2023-03-27 00:03:05 UTC` and kin.
    private static func isoFamily(_ r: inout Reader) -> String? {
        guard r.digits(4), r.literal("-"), r.digits(2), r.literal("-"), r.digits(2) else { return nil }
        var out = "yyyy-MM-dd"
        if r.atEnd { return out }
        if r.literal("T") {
            out += "'T'"
        } else if r.literal(" ") {
            out += " "
        } else {
            return nil
        }
        guard r.digits(2), r.literal(":"), r.digits(2) else { return nil }
        out += "HH:mm"
        if r.literal(":") {
            guard r.digits(2) else { return nil }
            out += ":ss"
            if r.literal(".") {
                let n = r.digitRun()
                guard n >= 1 && n <= 9 else { return nil }
                out += "." + String(repeating: "S", count: n)
            }
        }
        if r.atEnd { return out }
        if r.literal("Z") { return r.atEnd ? out + "XXXXX" : nil }
        if let zone = offset(&r) { return r.atEnd ? out + zone : nil }
        guard r.literal(" ") else { return nil }
        if let zone = offset(&r) { return r.atEnd ? out + " " + zone : nil }
        let letters = r.letterRun()
        return letters >= 3 && letters <= 5 && r.atEnd ? out + " zzz" : nil
    }

    /// `+02:00` (XXXXX), `+0200` (Z).
    private static func offset(_ r: inout Reader) -> String? {
        guard r.literal("+") || r.literal("-") else { return nil }
        guard r.digits(2) else { return nil }
        if r.literal(":") { return r.digits(2) ? "XXXXX" : nil }
        return r.digits(2) ? "Z" : nil
    }

    /// Twitter's `Wed Dec 09 19:40:11 +0000 2015` and HTTP's `Tue, 10 Oct 2017 16:00:00 GMT`.
    private static func wordyFamily(_ r: inout Reader) -> String? {
        guard r.letters(3) else { return nil }
        if r.literal(",") {
            guard r.literal(" "), r.digits(2), r.literal(" "), r.letters(3), r.literal(" "), r.digits(4), r.literal(" "),
                r.time(), r.literal(" ")
            else { return nil }
            if let zone = offset(&r), zone == "Z" { return r.atEnd ? "EEE, dd MMM yyyy HH:mm:ss Z" : nil }
            let letters = r.letterRun()
            return letters >= 3 && letters <= 5 && r.atEnd ? "EEE, dd MMM yyyy HH:mm:ss zzz" : nil
        }
        guard r.literal(" "), r.letters(3), r.literal(" "), r.digits(2), r.literal(" "), r.time(), r.literal(" "),
            let zone = offset(&r), zone == "Z", r.literal(" "), r.digits(4), r.atEnd
        else { return nil }
        return "EEE MMM dd HH:mm:ss Z yyyy"
    }

    /// A cursor over ASCII bytes.
    struct Reader {
        let bytes: [UInt8]
        var i = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { i == bytes.count }

        mutating func literal(_ c: Unicode.Scalar) -> Bool {
            guard i < bytes.count, bytes[i] == UInt8(ascii: c) else { return false }
            i += 1
            return true
        }

        mutating func digits(_ n: Int) -> Bool {
            guard i + n <= bytes.count, bytes[i..<i + n].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
            i += n
            return true
        }

        mutating func letters(_ n: Int) -> Bool {
            guard i + n <= bytes.count, bytes[i..<i + n].allSatisfy(Self.isLetter) else { return false }
            i += n
            return true
        }

        mutating func digitRun() -> Int {
            let start = i
            while i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 { i += 1 }
            return i - start
        }

        mutating func letterRun() -> Int {
            let start = i
            while i < bytes.count && Self.isLetter(bytes[i]) { i += 1 }
            return i - start
        }

        mutating func time() -> Bool {
            digits(2) && literal(":") && digits(2) && literal(":") && digits(2)
        }

        static func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
    }
}
