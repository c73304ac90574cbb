import Capture
import JSONTree

extension CaptureListRenderer {
    /// The list's columns at a width: index, method, status, path, size, type, verdict. The path
    /// takes what is left; a narrow screen drops the size, then the type.
    struct Columns {
        var index: Int
        var size: Int
        var type: Int
        var path: Int
        static let method = 6
        static let status = 3
        static let verdict = 7

        init(state: CaptureListState, width: Int) {
            index = max(1, String(max(0, state.rows.count - 1)).count)
            // Measured once a rule (a drawing of 18,000 rows measured each row's type: a tenth of the first frame).
            var measured = Set<Int>()
            var longestType = 0
            for row in state.rows {
                guard let rule = row.rule, measured.insert(rule.line).inserted else { continue }
                longestType = max(longestType, DisplayWidth.of(rule.typeExpression))
            }
            let fixed = 1 + index + 1 + Self.method + 1 + Self.status + 1 + 1 + Self.verdict
            size = width >= 64 ? 8 : 0
            type = width >= 50 ? min(max(4, longestType), max(8, width / 5)) : 0
            path = max(4, width - fixed - (size > 0 ? size + 1 : 0) - (type > 0 ? type + 1 : 0))
        }

        var titles: String {
            var line = " " + pad("#", index, right: true) + " " + pad("METHOD", Self.method) + " " + pad("ST", Self.status) + " "
            line += pad("PATH", path) + " "
            if size > 0 { line += pad("SIZE", size, right: true) + " " }
            if type > 0 { line += pad("TYPE", type) + " " }
            return line + "VERDICT"
        }

        func draw(_ row: CaptureRow, into screen: inout Screen, y: Int) {
            var x = screen.put(" " + pad(String(row.index), index, right: true) + " ", x: 0, y: y, style: .dimmed)
            x = screen.put(pad(TerminalSafeText.escape(row.method ?? "–"), Self.method) + " ", x: x, y: y, style: .key)
            let status = row.status.map(String.init) ?? "–"
            x = screen.put(pad(status, Self.status) + " ", x: x, y: y, style: row.status.map { $0 >= 400 } == true ? .warning : .number)
            x = screen.put(
                pad(Shortened.fromLeft(TerminalSafeText.escape(row.path ?? "–"), width: path), path) + " ", x: x, y: y, style: .plain)
            if size > 0 {
                x = screen.put(pad(row.byteCount.map(ByteCount.format) ?? "–", size, right: true) + " ", x: x, y: y, style: .count)
            }
            if type > 0 {
                let text = Shortened.text(TerminalSafeText.escape(row.rule?.typeExpression ?? "–"), width: type)
                x = screen.put(pad(text, type) + " ", x: x, y: y, style: row.rule == nil ? .dimmed : .decodeRoot)
            }
            let (glyph, style) = CaptureListRenderer.glyph(row)
            screen.put(glyph, x: x, y: y, style: style)
        }

        /// `text` padded with spaces to `width` columns (or cut to them).
        private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
            let fitted = DisplayWidth.of(text) > width ? Shortened.text(text, width: width) : text
            let room = String(repeating: " ", count: max(0, width - DisplayWidth.of(fitted)))
            return right ? room + fitted : fitted + room
        }
    }
}
