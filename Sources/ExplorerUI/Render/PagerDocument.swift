import Foundation
import JSONTree

/// What the pager shows for a node: its text as lines of runs, plain or escaped, wrapped on
/// demand to a width.
///
/// A string is shown unescaped, as the app would read it: `"Hi\n\tthere"` becomes the line
/// `Hi` ending in an escaped `\n`, then `\t` (escaped) and `there`; control, bidi and
/// invisible characters appear as escapes in their own style, never raw. Objects and arrays
/// are shown as the payload writes them, line by line. Wrapping breaks at spaces where it
/// can and cuts a word only when it is wider than the screen.
final class PagerDocument: @unchecked Sendable {
    /// A piece of a line: text shown as it is, or an escape standing for unsafe characters.
    struct Run: Hashable {
        var text: String
        var isEscape: Bool
    }

    typealias Line = [Run]

    /// More than this is cut, with a note: a pager is for reading, and wrapping 100 MB would
    /// freeze the screen.
    static let byteLimit = 1_000_000

    /// The header: path, kind, size.
    let title: String
    /// The text's own lines, before wrapping.
    let logicalLines: [Line]
    private let lock = NSLock()
    private var wrapped: (width: Int, lines: [Line])?

    init(node: NodeID, tree: JSONTree, path: NodePath) {
        let kind = tree.kind(node)
        let bytes = tree.byteRange(node).count
        var lines: [Line]
        var about: String
        if kind == .string, bytes <= Self.byteLimit {
            let value = tree.stringValue(node) ?? ""
            lines = Self.stringLines(value)
            about = "string, \(Count.grouped(value.count)) characters"
        } else {
            let range = tree.byteRange(node)
            let shown = range.lowerBound..<min(range.upperBound, range.lowerBound + Self.byteLimit)
            lines = Self.sourceLines(ClipboardText.dedented(String(decoding: tree.text[shown], as: UTF8.self), node: node, in: tree))
            about = kind.isContainer ? "\(kind.name), \(ByteCount.format(bytes)) as written" : kind.name
            if shown.count < range.count {
                lines.append([])
                lines.append([
                    Run(
                        text: "… the pager shows the first \(ByteCount.format(shown.count)) of \(ByteCount.format(range.count))",
                        isEscape: false)
                ])
            }
        }
        title = path.description + "  " + about
        logicalLines = lines
    }

    /// The lines wrapped to `width` columns (remembered for the last width asked).
    func lines(width: Int) -> [Line] {
        lock.lock()
        defer { lock.unlock() }
        if let wrapped, wrapped.width == width { return wrapped.lines }
        let lines = logicalLines.flatMap { Self.wrap($0, width: width) }
        wrapped = (width, lines)
        return lines
    }

    // MARK: Splitting into lines

    /// A string value: line breaks end lines (shown as an escape at the end of the line).
    static func stringLines(_ value: String) -> [Line] { lines(of: value, showsBreaks: true) }

    /// JSON source: its own line breaks end lines; tabs become spaces to the next multiple of 4.
    static func sourceLines(_ text: String) -> [Line] { lines(of: text, showsBreaks: false) }

    /// Splits at `\n`, `\r` and `\r\n`: each shown as an escape at the end of its line
    /// (`showsBreaks`, a string value's), or not (source, whose tabs become spaces to the next
    /// multiple of 4). Other characters unsafe in a terminal show as escapes.
    private static func lines(of text: String, showsBreaks: Bool) -> [Line] {
        var builder = LineBuilder()
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let s = pending {
            pending = scalars.next()
            switch s {
            case "\n", "\r":
                var shown = TerminalSafeText.escape(String(s))
                if s == "\r", pending == "\n" {
                    pending = scalars.next()
                    shown = "\\r\\n"
                }
                if showsBreaks { builder.escape(shown) }
                builder.endLine()
            case "\t" where !showsBreaks:
                repeat { builder.plain(" ") } while builder.column % 4 != 0
            default:
                if TerminalSafeText.isUnsafe(s) { builder.escape(TerminalSafeText.escape(String(s))) } else { builder.plain(s) }
            }
        }
        return builder.finish()
    }

    private struct LineBuilder {
        var lines: [Line] = []
        var line: Line = []
        var text = String.UnicodeScalarView()
        var column = 0

        mutating func plain(_ s: Unicode.Scalar) {
            text.append(s)
            column += 1
        }

        mutating func escape(_ e: String) {
            flushText()
            line.append(Run(text: e, isEscape: true))
            column += e.unicodeScalars.count
        }

        mutating func flushText() {
            if !text.isEmpty { line.append(Run(text: String(text), isEscape: false)); text = .init() }
        }

        mutating func endLine() {
            flushText()
            lines.append(line)
            line = []
            column = 0
        }

        mutating func finish() -> [Line] {
            flushText()
            if !line.isEmpty || lines.isEmpty { lines.append(line) }
            return lines
        }
    }

    // MARK: Wrapping

    /// Breaks one line into lines of at most `width` columns: at spaces when it can, inside a
    /// word (escapes are part of words) only when the word alone is wider than the screen.
    static func wrap(_ line: Line, width: Int) -> [Line] {
        let width = max(1, width)
        var out: [Line] = []
        var current: Line = []
        var used = 0
        func append(_ text: String, escape: Bool) {
            if let last = current.last, last.isEscape == escape {
                current[current.count - 1].text += text
            } else {
                current.append(Run(text: text, isEscape: escape))
            }
        }
        func newLine() {
            out.append(current)
            current = []
            used = 0
        }
        for token in tokens(line) {
            if token.isSpace {
                // A space that does not fit ends the line and is dropped.
                if used + 1 > width { newLine(); continue }
                append(" ", escape: false)
                used += 1
                continue
            }
            if used + token.width > width && used > 0 { newLine() }
            if token.width <= width - used {
                for run in token.runs { append(run.text, escape: run.isEscape) }
                used += token.width
                continue
            }
            // Wider than the screen: cut by characters (an escape whole when it fits).
            for run in token.runs {
                let pieces = run.isEscape && DisplayWidth.of(run.text) <= width ? [run.text] : run.text.map(String.init)
                for piece in pieces {
                    let w = DisplayWidth.of(piece)
                    if used + w > width && used > 0 { newLine() }
                    append(piece, escape: run.isEscape)
                    used += w
                }
            }
        }
        out.append(current)
        return out
    }

    /// A word (text and escapes up to a space) or a single space.
    private struct Token {
        var runs: [Run] = []
        var width = 0
        var isSpace = false
    }

    private static func tokens(_ line: Line) -> [Token] {
        var out: [Token] = []
        var word = Token()
        func add(_ text: String, escape: Bool) {
            if let last = word.runs.last, last.isEscape == escape {
                word.runs[word.runs.count - 1].text += text
            } else {
                word.runs.append(Run(text: text, isEscape: escape))
            }
            word.width += DisplayWidth.of(text)
        }
        for run in line {
            if run.isEscape {
                add(run.text, escape: true)
                continue
            }
            var pending = ""
            for character in run.text {
                if character == " " {
                    if !pending.isEmpty { add(pending, escape: false); pending = "" }
                    if !word.runs.isEmpty { out.append(word); word = Token() }
                    out.append(Token(isSpace: true))
                } else {
                    pending.append(character)
                }
            }
            if !pending.isEmpty { add(pending, escape: false) }
        }
        if !word.runs.isEmpty { out.append(word) }
        return out
    }
}

/// Numbers as people read them: 1,204.
enum Count {
    static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (k, c) in digits.enumerated() {
            if k > 0 && (digits.count - k) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return n < 0 ? "-" + out : out
    }
}
