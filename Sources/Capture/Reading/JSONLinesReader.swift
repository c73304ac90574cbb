/// A JSON Lines file's payloads: each line that holds more than white space is one, whatever it
/// holds (a line that is not JSON is a payload that fails, as `check` reports it).
enum JSONLinesReader {
    static func lines(of bytes: [UInt8]) -> [(range: Range<Int>, line: Int)] {
        var lines: [(range: Range<Int>, line: Int)] = []
        var start = 0
        var number = 1
        // A UTF-8 byte order mark before the first line is not part of its payload.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        var index = start
        func close(_ end: Int) {
            var last = end
            if last > start, bytes[last - 1] == UInt8(ascii: "\r") { last -= 1 }
            if bytes[start..<last].contains(where: { !isWhite($0) }) { lines.append((start..<last, number)) }
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                close(index)
                number += 1
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count { close(bytes.count) }
        return lines
    }

    private static func isWhite(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}
