/// A JSON payload scanned once into a flat table of nodes, with positions for everything.
///
/// The table keeps, for every node, its kind, parent, subtree end (so next sibling and
/// matching close are index arithmetic), byte range and, for object members, where the key
/// starts. Lines and columns come from a line table; strings are unescaped and numbers
/// converted only when asked. Source order and duplicate keys are kept.
public struct JSONTree: Sendable {
    /// The largest payload scanned: offsets in the node table are 32 bits.
    public static let maximumPayloadBytes = Int(UInt32.max) - 1

    /// How to read the payload.
    public struct Options: Hashable, Sendable {
        /// Read JSON5 as `JSONDecoder` with `allowsJSON5 = true` does.
        public var json5: Bool
        /// Read several top-level values, one per line, as the elements of a root array.
        public var jsonLines: JSONLinesMode
        /// Look for keys repeated within an object (a warning; JSONDecoder takes the first).
        public var detectsDuplicateKeys: Bool
        /// Scan a large strict JSON payload in parts, one per core (the tree is the same; the
        /// benchmark turns it off to measure the one-thread scan beside it).
        public var scansInParts: Bool

        public init(json5: Bool = false, jsonLines: JSONLinesMode = .off, detectsDuplicateKeys: Bool = true, scansInParts: Bool = true) {
            self.json5 = json5
            self.jsonLines = jsonLines
            self.detectsDuplicateKeys = detectsDuplicateKeys
            self.scansInParts = scansInParts
        }
    }

    /// Whether to read the payload as JSON Lines.
    public enum JSONLinesMode: String, Hashable, Sendable {
        /// One value, as JSONDecoder reads it.
        case off
        /// One value per line.
        case on
        /// One value; but when a second value follows on a later line, read JSON Lines.
        case auto
    }

    let storage: Storage

    /// The payload as UTF-8 text (transcoded when it came as UTF-16 or UTF-32).
    public var text: [UInt8] { storage.text }
    /// The encoding the payload came in.
    public var encoding: TextEncoding { storage.encoding }
    /// Whether the payload was read as JSON Lines: node 0 is then a synthetic array of records.
    public var isJSONLines: Bool { storage.isJSONLines }
    /// Whether it was read as JSON5.
    public var isJSON5: Bool { storage.isJSON5 }
    /// Everything the scan noticed that did not stop it, in document order.
    public var issues: [JSONIssue] { storage.issues }
    /// The number of nodes; node IDs are `0..<nodeCount`.
    public var nodeCount: Int { storage.kinds.count }
    /// The root node.
    public var root: NodeID { 0 }
    /// The number of lines in the payload.
    public var lineCount: Int { storage.lines.lineCount }

    /// When the payload is not JSON (a tree from ``parseReadablePart(_:options:)``): the
    /// structural error where the read stopped. The tree holds what came before it, with the
    /// containers still open there closed at the error.
    public var structureError: JSONParseError? { storage.stopped?.error }
    /// The container the structural error lies in (the root when none was open).
    public var structureErrorNode: NodeID? { storage.stopped.map { NodeID($0.node) } }

    /// A tree of the payload's first bytes only (``parsePrefix(_:wholeByteCount:options:)``): what the
    /// explorer shows while it reads the rest of a large file. Containers open at the cut are closed
    /// there (``isCut(_:)``); the node IDs are those of the whole payload's tree.
    public var isPrefix: Bool { storage.prefix != nil }
    /// The payload's size in bytes: of the whole file for a prefix's tree.
    public var payloadByteCount: Int { storage.prefix?.wholeByteCount ?? storage.text.count }

    /// Whether a container of a prefix's tree goes on past the bytes read: its count and its end
    /// are not known yet.
    public func isCut(_ node: NodeID) -> Bool {
        guard let prefix = storage.prefix else { return false }
        return kind(node).isContainer && Int(storage.ends[node]) >= prefix.cut
    }

    /// The issues that make `JSONDecoder` reject the payload once every value is read.
    public var errors: [JSONIssue] { issues.filter { $0.severity == .error } }
    /// The warnings (RFC leniencies, duplicate keys).
    public var warnings: [JSONIssue] { issues.filter { $0.severity == .warning } }
    /// The full-read verdict: `JSONDecoder` accepts this payload when a model reads every value.
    public var isAcceptedByJSONDecoder: Bool { structureError == nil && !issues.contains { $0.severity == .error } }

    /// Whether JSONDecoder reads the document at all, whatever the model: the tree is built
    /// past the nesting limit, but Foundation refuses the whole document there.
    public var isStructureAcceptedByJSONDecoder: Bool {
        structureError == nil && !issues.contains { if case .nestingTooDeep = $0.kind { true } else { false } }
    }
}

extension JSONTree {
    /// The node table and text, shared by copies of a tree and never mutated.
    final class Storage: @unchecked Sendable {
        let text: [UInt8]
        let textStart: Int
        let encoding: TextEncoding
        let originalOffsets: [UInt32]?
        let isJSONLines: Bool
        let isJSON5: Bool
        let kinds: FrozenColumn<UInt8>
        let starts: FrozenColumn<UInt32>
        let ends: FrozenColumn<UInt32>
        let parents: FrozenColumn<UInt32>
        let subtreeEnds: FrozenColumn<UInt32>
        let keys: FrozenColumn<UInt32>
        let lines: LineTable
        let issues: [JSONIssue]
        /// The structural error that stopped the read, and the node it lies in (only from
        /// ``JSONTree/parseReadablePart(_:options:)``).
        let stopped: (error: JSONParseError, node: Int)?
        /// For a prefix's tree: the whole payload's size, and where the bytes read end.
        let prefix: (wholeByteCount: Int, cut: Int)?
        /// Scalar counts for columns on long lines, built when first needed.
        let scalars = ScalarIndex()

        init(
            text: DecodedText, isJSONLines: Bool, isJSON5: Bool, table: consuming NodeTableBuilder,
            lineStarts: consuming GrowableBuffer<UInt32>, issues: [JSONIssue], stopped: (error: JSONParseError, node: Int)? = nil,
            prefix: (wholeByteCount: Int, cut: Int)? = nil
        ) {
            self.text = text.utf8
            self.textStart = text.start
            self.encoding = text.encoding
            self.originalOffsets = text.originalOffsets
            self.isJSONLines = isJSONLines
            self.isJSON5 = isJSON5
            kinds = FrozenColumn(table.kinds.take())
            starts = FrozenColumn(table.starts.take())
            ends = FrozenColumn(table.ends.take())
            parents = FrozenColumn(table.parents.take())
            subtreeEnds = FrozenColumn(table.subtreeEnds.take())
            keys = FrozenColumn(table.keys.take())
            lines = LineTable(starts: FrozenColumn(lineStarts.take()))
            self.issues = issues
            self.stopped = stopped
            self.prefix = prefix
        }
    }
}
