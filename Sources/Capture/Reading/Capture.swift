import JSONTree

/// A capture of recorded traffic, opened: a HAR 1.2 file (Chrome, Edge, Firefox, Safari, Proxyman,
/// Charles, Pulse) or a JSON Lines file of payloads. Its structure is checked when it is opened
/// (a malformed capture is an error at `file:line:col`); each entry's body is decoded from its
/// text only when the entry is asked for, so a reader going entry by entry holds one body at a
/// time beside the file, never all of them decoded.
public struct Capture: Sendable {
    public enum Format: String, Sendable, Hashable, Codable {
        case har
        case jsonLines = "json-lines"
        /// A folder of recorded responses, one a file (`*.json`, in any subfolder).
        case folder

        /// The format a file's name says: `.jsonl` and `.ndjson` are JSON Lines, anything else HAR.
        public static func guessed(fromName name: String) -> Format {
            let lower = name.lowercased()
            return lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") ? .jsonLines : .har
        }
    }

    /// Where the entries are in the file.
    enum Layout: Sendable {
        /// The HAR's tree and each entry's node, checked.
        case har(JSONTree, [NodeID])
        /// Each non-empty line's byte range and line number.
        case lines([UInt8], [(range: Range<Int>, line: Int)])
        /// The folder and each file's path relative to it, in order; each read when asked for.
        case files(String, [String])
    }

    public let format: Format
    /// The name of the exporter as the HAR's `log.creator.name` says (`WebInspector`, `Charles Proxy`).
    public let creator: String?
    let layout: Layout

    /// A capture of no entries.
    public static let empty = Capture(format: .jsonLines, creator: nil, layout: .lines([], []))

    /// How many entries the capture holds.
    public var count: Int {
        switch layout {
        case .har(_, let entries): entries.count
        case .lines(_, let lines): lines.count
        case .files(_, let files): files.count
        }
    }

    /// Opens a capture from its bytes. `file` names it in errors.
    public static func open(_ bytes: [UInt8], format: Format, file: String) throws(CaptureError) -> Capture {
        switch format {
        case .har: try HARReader(file: file).open(bytes)
        case .jsonLines: Capture(format: .jsonLines, creator: nil, layout: .lines(bytes, JSONLinesReader.lines(of: bytes)))
        case .folder: throw CaptureError(file: file, location: .init(line: 1, column: 1, offset: 0), reason: .unreadable("a folder"))
        }
    }

    /// The entry at `index` for a list: as ``entry(at:)``, but a HAR's UTF-8 body to decode is
    /// measured, not made (``CaptureBody/measured(byteCount:)``); a list of 200 MB spent most of its
    /// time making bodies it only sized.
    public func listing(at index: Int) -> CaptureEntry {
        if case .har(let tree, let entries) = layout { return HARReader.entry(entries[index], index: index, in: tree, measuresBody: true) }
        return entry(at: index)
    }

    /// The entry at `index`, its body decoded now.
    public func entry(at index: Int) -> CaptureEntry {
        switch layout {
        case .har(let tree, let entries): HARReader.entry(entries[index], index: index, in: tree)
        case .lines(let bytes, let lines):
            CaptureEntry(index: index, line: lines[index].line, body: .bytes(Array(bytes[lines[index].range])))
        case .files(let folder, let files): FolderReader.entry(files[index], index: index, in: folder)
        }
    }
}

extension Capture: Sequence {
    public struct Iterator: IteratorProtocol {
        let capture: Capture
        var position = 0

        public mutating func next() -> CaptureEntry? {
            guard position < capture.count else { return nil }
            defer { position += 1 }
            return capture.entry(at: position)
        }
    }

    public func makeIterator() -> Iterator { Iterator(capture: self) }
}
