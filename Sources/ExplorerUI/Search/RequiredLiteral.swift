/// The longest run of plain ASCII text that every match of a regular expression must contain,
/// so a search can skip a value by looking at its bytes, without building a `String`.
///
/// A worked example: in `user_(id|name)s?` the parts are `user_` (required), a group
/// (skipped: it may be either branch), `s` (optional: dropped because of `?`); the literal is
/// `user_`. A value whose bytes do not contain `user_` cannot match.
///
/// Conservative by construction: anything not understood gives no literal (nil), never a
/// wrong one. Alternation at the top level, inline options `(?i)`, `\Q…\E` and escapes that
/// take arguments (`\x41`, `\p{L}`, `\1`) give nil; groups and classes end a run and are
/// skipped whole; a character followed by `?`, `*` or `{` is not required.
enum RequiredLiteral {
    static func of(_ pattern: String) -> [UInt8]? {
        let p = Array(pattern.unicodeScalars)
        var runs: [[UInt8]] = []
        var run: [UInt8] = []
        func endRun() {
            if !run.isEmpty { runs.append(run); run = [] }
        }
        /// Adds a literal character to the run unless a quantifier makes it optional; returns
        /// where reading goes on.
        func append(_ s: Unicode.Scalar, next: Int) -> Int {
            guard s.isASCII else {
                endRun()
                return skipQuantifier(p, at: next) ?? next
            }
            if next < p.count {
                switch p[next] {
                case "?", "*", "{":
                    endRun()
                    return skipQuantifier(p, at: next) ?? next
                case "+":
                    run.append(UInt8(s.value))
                    endRun()
                    return skipQuantifier(p, at: next) ?? next
                default: break
                }
            }
            run.append(UInt8(s.value))
            return next
        }

        var i = 0
        while i < p.count {
            let c = p[i]
            switch c {
            case "|":
                return nil
            case "(":
                if i + 1 < p.count, p[i + 1] == "?" { return nil }
                endRun()
                guard let close = groupEnd(p, from: i) else { return nil }
                i = close + 1
                i = skipQuantifier(p, at: i) ?? i
                continue
            case ")":
                return nil
            case "[":
                endRun()
                guard let close = classEnd(p, from: i) else { return nil }
                i = close + 1
                i = skipQuantifier(p, at: i) ?? i
                continue
            case ".", "^", "$":
                endRun()
                i += 1
                i = skipQuantifier(p, at: i) ?? i
                continue
            case "?", "*", "+", "{":
                // A quantifier with nothing to apply to here: not understood.
                return nil
            case "\\":
                guard i + 1 < p.count else { return nil }
                let e = p[i + 1]
                if e.properties.isAlphabetic || ("0"..."9").contains(e) {
                    // Classes and anchors without arguments end a run; any other escape is not understood.
                    guard "dDwWsSbBntrfvaeAzZG".unicodeScalars.contains(e) else { return nil }
                    endRun()
                    i += 2
                    i = skipQuantifier(p, at: i) ?? i
                    continue
                }
                i = append(e, next: i + 2)
                continue
            default:
                i = append(c, next: i + 1)
                continue
            }
        }
        endRun()
        return runs.max { $0.count < $1.count }
    }

    /// Past a quantifier at `i` (`?`, `*`, `+`, `{n,m}`, each maybe lazy or possessive); nil
    /// when there is none.
    private static func skipQuantifier(_ p: [Unicode.Scalar], at i: Int) -> Int? {
        guard i < p.count else { return nil }
        var k = i
        switch p[k] {
        case "?", "*", "+": k += 1
        case "{":
            guard let close = p[k...].firstIndex(of: "}") else { return nil }
            k = close + 1
        default: return nil
        }
        if k < p.count, p[k] == "?" || p[k] == "+" { k += 1 }
        return k
    }

    /// The index of the `)` closing the group opened at `start`, skipping escapes and classes.
    private static func groupEnd(_ p: [Unicode.Scalar], from start: Int) -> Int? {
        var depth = 0
        var i = start
        while i < p.count {
            switch p[i] {
            case "\\": i += 1
            case "[":
                guard let close = classEnd(p, from: i) else { return nil }
                i = close
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
            i += 1
        }
        return nil
    }

    /// The index of the `]` closing the class opened at `start` (nested classes and a leading
    /// `]` or `^]` included).
    private static func classEnd(_ p: [Unicode.Scalar], from start: Int) -> Int? {
        var depth = 1
        var i = start + 1
        if i < p.count, p[i] == "^" { i += 1 }
        if i < p.count, p[i] == "]" { i += 1 }
        while i < p.count {
            switch p[i] {
            case "\\": i += 1
            case "[": depth += 1
            case "]":
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
            i += 1
        }
        return nil
    }
}
