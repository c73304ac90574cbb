extension JSONScanner {
    /// After a structural error at `offset`: closes every container still open there and
    /// finds the line breaks of the rest of the text, so the table holds a consistent tree of
    /// what was read before the error. Returns the innermost container that was open (the
    /// error lies inside it), or nil when none was.
    ///
    /// Scalars are appended only once complete, so nothing half-read is in the table.
    mutating func closeWhatIsOpen(at offset: Int) -> Int? {
        let innermost = stack.last.map(Int.init)
        while let open = stack.popLast() { table.close(Int(open), end: offset) }
        var k = max(offset, Int(lineStarts.base[lineStarts.count - 1]))
        while k < end {
            let c = p[k]
            k += 1
            if c == 0x0A || (c == 0x0D && (k >= end || p[k] != 0x0A)) { noteLineBreak(after: k) }
        }
        return innermost
    }
}
