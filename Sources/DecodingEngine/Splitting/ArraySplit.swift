import JSONTree

/// The large array a decode takes in parts, and the documents it decodes instead of the
/// payload: the payload without the array's elements (the skeleton), and per part a document
/// that leads to the same array through the same keys and positions, with the part's elements
/// at their own positions.
///
/// Example: `{"total": 2, "items": [{"id": 1}, {"id": 2}, {"id": 3}]}`, parts of one element:
/// the skeleton is `{"total": 2, "items": []}`, and the third part is
/// `{"items":[0,0,{"id": 3}]}`, where the element's coding path is `items[2]` (`Index 2`), as in
/// the payload.
struct ArraySplit: Sendable {
    /// Consecutive elements of the array, decoded as one document.
    struct Part: Sendable {
        /// The first element's node and its position in the array.
        var first: NodeID
        var index: Int
        /// The elements' text, from the first element's first byte to the last one's last.
        var bytes: Range<Int>
        /// Every node of the part's elements (preorder: one range).
        var nodes: Range<NodeID>
    }

    /// The array.
    let node: NodeID
    let parts: [Part]
    let threads: Int

    /// The array under `target` that takes most of its text, when a decode of it should be
    /// split: the payload is JSON as `JSONDecoder` reads it (UTF-8, not JSON5), the array is
    /// one the policy splits (``ArraySplitting/partBytes(forArrayOf:)``), and it holds two or
    /// more objects or arrays (the elements models are made of; arrays of scalars are decoded as
    /// real Swift arrays, whole). The search goes down from `target` through the child with the
    /// most text. An array split only for time that makes one part is decoded whole.
    static func choose(in tree: JSONTree, payload: [UInt8], under target: NodeID, policy: ArraySplitting) -> ArraySplit? {
        guard tree.isAcceptedByJSONDecoder, tree.encoding == .utf8, !tree.isJSON5, !tree.isJSONLines,
            tree.text.count == payload.count, payload.first != 0xEF
        else { return nil }
        var node = target
        while tree.byteRange(node).count >= policy.smallestSplit {
            switch tree.kind(node) {
            case .array where tree.childCount(node) >= 2 && tree.firstChild(node).map({ tree.kind($0).isContainer }) == true:
                let bytes = tree.byteRange(node).count
                guard let partBytes = policy.partBytes(forArrayOf: bytes) else { return nil }
                let split = ArraySplit(array: node, in: tree, partBytes: partBytes, threads: policy.threads)
                return split.parts.count >= 2 || bytes >= policy.minimumBytes ? split : nil
            case .array, .object:
                guard let heaviest = tree.children(node).max(by: { tree.byteRange($0).count < tree.byteRange($1).count })
                else { return nil }
                node = heaviest
            default:
                return nil
            }
        }
        return nil
    }

    private init(array: NodeID, in tree: JSONTree, partBytes: Int, threads: Int) {
        node = array
        self.threads = threads
        var parts: [Part] = []
        var index = 0
        var current: Part?
        for element in tree.children(array) {
            let range = tree.byteRange(element)
            let end = tree.subtreeEnd(element)
            if var part = current {
                part.bytes = part.bytes.lowerBound..<range.upperBound
                part.nodes = part.nodes.lowerBound..<end
                current = part
            } else {
                current = Part(first: element, index: index, bytes: range, nodes: element..<end)
            }
            if let part = current, part.bytes.count >= partBytes {
                parts.append(part)
                current = nil
            }
            index += 1
        }
        if let current { parts.append(current) }
        self.parts = parts
    }

    /// The payload with the array's elements left out: `[...]` becomes `[]`.
    func skeleton(of payload: [UInt8], tree: JSONTree) -> [UInt8] {
        let range = tree.byteRange(node)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.count - range.count + 2)
        bytes.append(contentsOf: payload[..<(range.lowerBound + 1)])
        bytes.append(contentsOf: payload[(range.upperBound - 1)...])
        return bytes
    }

    /// The document of one part: the keys and positions from the root to the array, with
    /// `0` for each value before the part's own, so that `JSONDecoder` gives every element the
    /// coding path it has in the payload. Keys are written as the payload writes them.
    func document(of part: Part, payload: [UInt8], tree: JSONTree) -> [UInt8] {
        var steps: [NodeID] = []
        var n = node
        while let parent = tree.parent(n) {
            steps.append(n)
            n = parent
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(part.bytes.count + 2 * part.index + 64)
        var closers: [UInt8] = []
        for step in steps.reversed() {
            if let key = tree.keyByteRange(step) {
                bytes.append(UInt8(ascii: "{"))
                bytes.append(contentsOf: payload[key])
                bytes.append(UInt8(ascii: ":"))
                closers.append(UInt8(ascii: "}"))
            } else {
                bytes.append(UInt8(ascii: "["))
                for _ in 0..<(tree.indexInParent(step) ?? 0) { bytes.append(contentsOf: Self.placeholder) }
                closers.append(UInt8(ascii: "]"))
            }
        }
        bytes.append(UInt8(ascii: "["))
        for _ in 0..<part.index { bytes.append(contentsOf: Self.placeholder) }
        bytes.append(contentsOf: payload[part.bytes])
        bytes.append(UInt8(ascii: "]"))
        bytes.append(contentsOf: closers.reversed())
        return bytes
    }

    /// A value stepped over with `Skip`.
    private static let placeholder: [UInt8] = Array("0,".utf8)
}
