extension NodePath {
    /// Reads a JSON Pointer (RFC 6901): `/a/0/b`, with `~1` for `/` and `~0` for `~`.
    ///
    /// `/` alone is the empty key. Tokens that are canonical numbers (`0`, `12`, not `01`)
    /// may be indices and are settled against a tree; every other token is a key.
    init(pointer scalars: [Unicode.Scalar]) throws(ParseError) {
        var components: [Component] = []
        var token = String.UnicodeScalarView()
        var escaped = false
        var i = 1
        func finishToken() {
            let text = String(token)
            components.append(escaped ? .key(text) : NodePath.bareComponent(text))
            token = String.UnicodeScalarView()
            escaped = false
        }
        while i < scalars.count {
            let c = scalars[i]
            switch c {
            case "/":
                finishToken()
            case "~":
                let next = i + 1 < scalars.count ? scalars[i + 1] : nil
                switch next {
                case "0": token.append("~")
                case "1": token.append("/")
                default:
                    throw .invalidPointerEscape(next.map { "~" + String(Character($0)) } ?? "~", at: i)
                }
                escaped = true
                i += 1
            default:
                token.append(c)
            }
            i += 1
        }
        finishToken()
        self.init(components)
    }

    /// The path as a JSON Pointer (RFC 6901): `/a/0/b`; the empty string for the root.
    ///
    /// The keys are written exactly, so the pointer can be copied and used; pass it through
    /// ``TerminalSafeText/escape(_:)`` before showing it on a terminal.
    public var jsonPointer: String {
        var out = ""
        for component in components {
            out += "/"
            switch component {
            case let .index(n), let .keyOrIndex(n):
                out += String(n)
            case let .key(key):
                for c in key.unicodeScalars {
                    switch c {
                    case "~": out += "~0"
                    case "/": out += "~1"
                    default: out.unicodeScalars.append(c)
                    }
                }
            }
        }
        return out
    }
}
