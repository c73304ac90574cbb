/// The parts of a recorded URL that routes and masking read, taken from its text (a HAR's URL
/// is whatever the exporter wrote: absolute, and sometimes with a fragment).
enum URLPath {
    /// `https://api.example.com/v1/users/7?expand=1#top` reads `/v1/users/7`; a URL without a
    /// scheme is taken as a path already.
    static func path(of url: String) -> String {
        var rest = Substring(url)
        if let end = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<end] }
        if let scheme = PlainText.range(of: "://", in: rest) {
            let afterHost = rest[scheme.upperBound...]
            guard let slash = afterHost.firstIndex(of: "/") else { return "/" }
            return String(afterHost[slash...])
        }
        return rest.isEmpty ? "/" : String(rest)
    }
}
