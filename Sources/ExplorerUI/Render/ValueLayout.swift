/// A decoded value's Swift text laid out pretty for the value view: a group that fits the
/// width stays on its line; one that does not opens on its line, puts each element on a line
/// of its own two columns in, and closes on a line of its own.
///
/// Worked through at 30 columns, `Page(items: [Item(id: 1), Item(id: 2)], next: nil)` does not
/// fit, so `Page(` breaks; `items: [Item(id: 1), Item(id: 2)],` fits at its indent and stays:
///
///     Page(
///       items: [Item(id: 1), Item(id: 2)],
///       next: nil
///     )
///
/// Brackets inside string literals are text; a value cut short (``NodeValue/isTruncated``)
/// leaves groups open, which end where the text does.
enum ValueLayout {
    indirect enum Piece: Equatable {
        case text(String)
        case group(open: Character, items: [[Piece]], close: Character?)
    }

    /// The lines of `text` at `width` columns, each indented by `indent`; a value cut short
    /// ends in one `…`, and a line still too wide (a long string) wraps at its spaces.
    static func lines(_ text: String, width: Int, indent: Int = 1, isTruncated: Bool = false, depth: Int? = nil) -> [String] {
        var index = text.startIndex
        var pieces = parse(text, &index, until: nil).first ?? []
        if let depth { pieces = folded(pieces, below: depth) }
        var lines = layout(pieces, indent: indent, width: width).filter { !$0.allSatisfy { $0 == " " } }
        if isTruncated, let last = lines.popLast() { lines.append(last.hasSuffix("…") ? last : last + "…") }
        return lines.flatMap { line -> [String] in
            guard DisplayWidth.of(line) > width else { return [line] }
            let depth = line.prefix { $0 == " " }.count
            return TextWrap.lines(String(line.dropFirst(depth)), width: width, indent: depth)
        }
    }

    /// Pieces up to the closing bracket `until` (or the end), split at commas of this level.
    private static func parse(_ text: String, _ index: inout String.Index, until close: Character?) -> [[Piece]] {
        var items: [[Piece]] = [[]]
        var run = ""
        func flush() {
            if !run.isEmpty { items[items.count - 1].append(.text(run)) }
            run = ""
        }
        while index < text.endIndex {
            let c = text[index]
            if c == "\"" {
                run += readString(text, &index)
                continue
            }
            index = text.index(after: index)
            if let closing = Self.pairs[c] {
                flush()
                let inner = parse(text, &index, until: closing)
                let closed = index <= text.endIndex && text[text.index(before: index)] == closing
                items[items.count - 1].append(.group(open: c, items: inner, close: closed ? closing : nil))
            } else if c == close {
                flush()
                return items
            } else if c == "," && close != nil {
                flush()
                items.append([])
                while index < text.endIndex, text[index] == " " { index = text.index(after: index) }
            } else {
                run.append(c)
            }
        }
        flush()
        return items
    }

    /// How deep the value's groups nest (`[Item(id: 1)]`: 2).
    static func depth(of text: String) -> Int {
        var index = text.startIndex
        return depth(parse(text, &index, until: nil).first ?? [])
    }

    private static func depth(_ pieces: [Piece]) -> Int {
        pieces.map { piece in
            if case .group(_, let items, _) = piece { 1 + (items.map(depth).max() ?? 0) } else { 0 }
        }.max() ?? 0
    }

    /// Groups `depth` levels down shown folded: `Item(…)`, `[…]`.
    private static func folded(_ pieces: [Piece], below depth: Int) -> [Piece] {
        pieces.map { piece in
            guard case .group(let open, let items, let close) = piece else { return piece }
            if depth <= 0 { return .group(open: open, items: items.allSatisfy(\.isEmpty) ? items : [[.text("…")]], close: close) }
            return .group(open: open, items: items.map { folded($0, below: depth - 1) }, close: close)
        }
    }

    private static let pairs: [Character: Character] = ["(": ")", "[": "]", "{": "}"]

    /// A string literal from its opening quote to its closing one (or the end), escapes kept.
    private static func readString(_ text: String, _ index: inout String.Index) -> String {
        var out = String(text[index])
        index = text.index(after: index)
        while index < text.endIndex {
            let c = text[index]
            out.append(c)
            index = text.index(after: index)
            if c == "\\", index < text.endIndex {
                out.append(text[index])
                index = text.index(after: index)
            } else if c == "\"" {
                break
            }
        }
        return out
    }

    /// Pieces on one line.
    static func flat(_ pieces: [Piece]) -> String {
        pieces.map { piece in
            switch piece {
            case .text(let s): s
            case .group(let open, let items, let close):
                String(open) + items.map(flat).joined(separator: ", ") + (close.map { String($0) } ?? "")
            }
        }.joined()
    }

    private static func layout(_ pieces: [Piece], indent: Int, width: Int, trailing: String = "") -> [String] {
        let pad = String(repeating: " ", count: indent)
        let whole = flat(pieces) + trailing
        if indent + DisplayWidth.of(whole) <= width { return [pad + whole] }
        var lines: [String] = []
        var current = ""
        for (k, piece) in pieces.enumerated() {
            switch piece {
            case .text(let s):
                current += s
            case .group(let open, let items, let close):
                let rest = k == pieces.count - 1 ? trailing : ""
                let inline = String(open) + items.map(flat).joined(separator: ", ") + (close.map { String($0) } ?? "") + rest
                // A group that fits where it is stays whole.
                if indent + DisplayWidth.of(current + inline) <= width || items.allSatisfy(\.isEmpty) {
                    current += inline
                    continue
                }
                lines.append(pad + current + String(open))
                for (n, item) in items.enumerated() {
                    lines += layout(item, indent: indent + 2, width: width, trailing: n < items.count - 1 ? "," : "")
                }
                current = (close.map { String($0) } ?? "") + rest
            }
        }
        if !current.isEmpty || lines.isEmpty {
            if case .text = pieces.last { current += trailing }
            lines.append(pad + current)
        }
        return lines
    }
}
