/// The columns of the node table while the scanner appends to them.
///
/// Struct-of-arrays, 32 bits a field: a node costs 21 bytes whatever its kind.
struct NodeTableBuilder: ~Copyable {
    var kinds: GrowableBuffer<UInt8>
    var starts: GrowableBuffer<UInt32>
    var ends: GrowableBuffer<UInt32>
    var parents: GrowableBuffer<UInt32>
    var subtreeEnds: GrowableBuffer<UInt32>
    var keys: GrowableBuffer<UInt32>

    static let none = UInt32.max

    init(capacity: Int) {
        kinds = GrowableBuffer(capacity: capacity)
        starts = GrowableBuffer(capacity: capacity)
        ends = GrowableBuffer(capacity: capacity)
        parents = GrowableBuffer(capacity: capacity)
        subtreeEnds = GrowableBuffer(capacity: capacity)
        keys = GrowableBuffer(capacity: capacity)
    }

    var count: Int { kinds.count }

    @inline(__always)
    func kind(_ id: Int) -> NodeKind { NodeKind(rawValue: kinds.base[id] & NodeFlags.kindMask)! }

    @inline(__always)
    func start(_ id: Int) -> Int { Int(starts.base[id]) }

    /// Whether a container is still waiting for its closing bracket.
    @inline(__always)
    func isOpen(_ id: Int) -> Bool { subtreeEnds.base[id] == 0 }

    /// Appends a container; its end is set by ``close(_:end:)``. A `parent` of -1 (the root's)
    /// is stored as ``none``; a part's virtual level (-2 - level, ``VirtualLevels``) as
    /// `none - 1 - level` until the part is stitched.
    @discardableResult
    @inline(__always)
    mutating func append(kind: NodeKind, start: Int, parent: Int, key: Int, flags: UInt8) -> Int {
        let id = kinds.count
        kinds.append(kind.rawValue | flags)
        starts.append(UInt32(truncatingIfNeeded: start))
        ends.append(0)
        parents.append(UInt32(truncatingIfNeeded: parent))
        subtreeEnds.append(0)
        keys.append(key < 0 ? Self.none : UInt32(truncatingIfNeeded: key))
        return id
    }

    /// Appends a scalar, complete with its end.
    @inline(__always)
    mutating func append(kind: NodeKind, start: Int, end: Int, parent: Int, key: Int, flags: UInt8) {
        let id = kinds.count
        kinds.append(kind.rawValue | flags)
        starts.append(UInt32(truncatingIfNeeded: start))
        ends.append(UInt32(truncatingIfNeeded: end))
        parents.append(UInt32(truncatingIfNeeded: parent))
        subtreeEnds.append(UInt32(truncatingIfNeeded: id + 1))
        keys.append(key < 0 ? Self.none : UInt32(truncatingIfNeeded: key))
    }

    @inline(__always)
    mutating func close(_ id: Int, end: Int) {
        ends.base[id] = UInt32(truncatingIfNeeded: end)
        subtreeEnds.base[id] = UInt32(truncatingIfNeeded: kinds.count)
    }

    /// Closes a container at `end` whose subtree ends at node `subtreeEnd` (a stitched part's).
    mutating func close(_ id: Int, end: Int, subtreeEnd: Int) {
        ends.base[id] = UInt32(truncatingIfNeeded: end)
        subtreeEnds.base[id] = UInt32(truncatingIfNeeded: subtreeEnd)
    }

    /// Appends a later part's nodes, whose IDs start at 0 in its own table: IDs move by the
    /// count here; a parent that is a virtual level becomes the real container `realParent` gives.
    mutating func append(part: borrowing NodeTableBuilder, realParent: (Int) -> UInt32) {
        let shift = UInt32(truncatingIfNeeded: count)
        let n = part.count
        kinds.append(contentsOf: part.kinds.base, count: n)
        starts.append(contentsOf: part.starts.base, count: n)
        ends.append(contentsOf: part.ends.base, count: n)
        keys.append(contentsOf: part.keys.base, count: n)
        let firstVirtual = Self.none - 1 - UInt32(JSONScanner.maximumDepth)
        parents.appendMapped(from: part.parents.base, count: n) { parent in
            parent < firstVirtual ? parent &+ shift : realParent(Int(Self.none - 1 - parent))
        }
        // 0 marks a container still open (the stitch leaves it open); every other end moves.
        subtreeEnds.appendMapped(from: part.subtreeEnds.base, count: n) { $0 == 0 ? 0 : $0 &+ shift }
    }

    func setFlag(_ flag: UInt8, on id: Int) {
        kinds.base[id] |= flag
    }
}
