/// The parts of a recorded URL that routes and masking read, taken from its text (a HAR's URL
/// is whatever the exporter wrote: absolute, and sometimes with a fragment). A URL's delimiters are
/// ASCII bytes: it is read a byte at a time, never a `Character` at a time (the grapheme breaking
/// that costs was a tenth of the time a capture's entries took to read).
enum URLPath {
    /// `https://api.example.com/v1/users/7?expand=1#top` reads `/v1/users/7`; a URL without a
    /// scheme is taken as a path already.
    static func path(of url: String) -> String {
        let bytes = Array(url.utf8)
        var rest = bytes[...]
        if let end = rest.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) { rest = rest[..<end] }
        if let scheme = PlainText.range(of: "://", in: rest) {
            let afterHost = rest[scheme.upperBound...]
            guard let slash = afterHost.firstIndex(of: UInt8(ascii: "/")) else { return "/" }
            return String(decoding: afterHost[slash...], as: UTF8.self)
        }
        return rest.isEmpty ? "/" : String(decoding: rest, as: UTF8.self)
    }
}
