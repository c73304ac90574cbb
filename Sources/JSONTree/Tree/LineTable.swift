/// Where each line of the payload starts, to turn byte offsets into lines and columns.
///
/// Built during the scan (line breaks are met in whitespace, comments and the odd raw
/// newline inside a string), so finding a line is a binary search. Columns count Unicode
/// scalars, so they are counted on demand from the start of the line.
struct LineTable: Sendable {
    let starts: FrozenColumn<UInt32>

    var lineCount: Int { starts.count }

    /// The 0-based line holding `offset`.
    func lineIndex(of offset: Int) -> Int {
        Self.lineIndex(of: offset, starts: starts.base, count: starts.count)
    }

    /// Binary search of sorted line starts (also used while the table is still growing).
    static func lineIndex(of offset: Int, starts: UnsafePointer<UInt32>, count: Int) -> Int {
        var lo = 0
        var hi = count - 1
        let target = UInt32(truncatingIfNeeded: offset)
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= target { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    func start(ofLine index: Int) -> Int { Int(starts[index]) }

    /// Counts the scalars (bytes that are not UTF-8 continuation bytes) in `from..<to`.
    static func scalarCount(_ p: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
        var n = 0
        var k = from
        while k < to {
            n &+= (p[k] & 0xC0) == 0x80 ? 0 : 1
            k &+= 1
        }
        return n
    }
}

/// The last column counted, so that columns asked for in increasing offsets along one line
/// are counted from the previous one instead of from the line start.
final class ColumnMemo {
    private var line = -1
    private var offset = 0
    private var value = 1

    /// The 1-based column of `offset` on the 0-based `line` that starts at `lineStart`.
    func column(of offset: Int, line: Int, lineStart: Int, text: UnsafePointer<UInt8>) -> Int {
        let column: Int
        if line == self.line && offset >= self.offset {
            column = value + LineTable.scalarCount(text, from: self.offset, to: offset)
        } else {
            column = 1 + LineTable.scalarCount(text, from: lineStart, to: offset)
        }
        self.line = line
        self.offset = offset
        value = column
        return column
    }
}
