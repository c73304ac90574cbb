import DecodingEngine
import JSONTree
import ModelSchema

extension FixCatalogue {
    /// An error inside some elements of an array: the `LossyArray` wrapper keeps the elements
    /// that decode and drops the others. Offered only when at most half the elements are lost.
    func lossyArrayCandidates(_ error: LocatedDecodingError) -> [FixCandidate] {
        guard let node = subject(of: error), let array = enclosingArray(of: node) else { return [] }
        let arrays: [NodeID]
        var edits: [FileEdits] = []
        var call: DecodeCall?
        let element: TypeRef
        let title: String
        if let property = typed[array]?.property, typed[array]?.isPropertyValue == true, case .array(let e)? = property.type {
            guard var wrapped = wrap(property, in: "LossyArray") else { return [] }
            wrapped += helper(.lossyArray, in: property.location.file)
            edits = [FileEdits(path: property.location.file, edits: wrapped)]
            arrays = typed.values(of: property)
            element = e
            title = "Keep the elements of `\(property.name)` that decode: `@LossyArray var \(property.name): [\(e.swiftSpelling)]`"
        } else if array == context.rootNode, case .array(let e) = context.rootType, let file = schema.sources.first?.path {
            edits = [FileEdits(path: file, edits: helper(.lossyArray, in: file))]
            arrays = [array]
            element = e
            let type = "LossyArray<\(e.swiftSpelling)>"
            if array == tree.root {
                call = DecodeCall(swift: "let items = try decoder.decode(\(type).self, from: data).wrappedValue")
            } else {
                var path = NodePath(of: array, in: tree)
                if context.options.keys == .convertFromSnakeCase {
                    path = NodePath(path.components.map { if case .key(let k) = $0 { .key(SnakeCase.convert(k)) } else { $0 } })
                }
                call = DecodeCall(
                    swift: path.swiftCode(decoding: type) + "let items = value.wrappedValue\n",
                    path: NodePath(of: array, in: tree).description)
            }
            title = "Keep the elements that decode: decode `\(type)` instead of `\(context.rootType.swiftSpelling)`"
        } else {
            return []
        }
        // Elements never overlap: sorted by where they start, the one holding a node is found
        // by binary search (60,000 failing records would otherwise scan 60,000 ranges each).
        let ranges = arrays.flatMap { a in tree.children(a).map { $0..<tree.subtreeEnd($0) } }.sorted { $0.lowerBound < $1.lowerBound }
        let elementStart: @Sendable (NodeID) -> NodeID? = { n in
            var low = 0, high = ranges.count
            while low < high {
                let mid = (low + high) / 2
                if ranges[mid].lowerBound <= n { low = mid + 1 } else { high = mid }
            }
            return low > 0 && ranges[low - 1].contains(n) ? ranges[low - 1].lowerBound : nil
        }
        let inElement: @Sendable (NodeID) -> Bool = { n in elementStart(n) != nil }
        let failing = Set(baseline.errors.compactMap { e -> NodeID? in self.subject(of: e).flatMap(elementStart) })
        let total = ranges.count
        guard !failing.isEmpty, failing.count * 2 <= total else { return [] }
        let absorbs: @Sendable (LocatedDecodingError) -> Bool = { e in self.subject(of: e).map(inElement) ?? false }
        return [
            FixCandidate(
                kind: .lossyArray, title: title,
                detail:
                    "LossyArray (added to the file, in full) decodes each element with try? and drops the ones that fail: here \(failing.count) of \(total) elements (\(element.swiftSpelling)) would be dropped, silently.",
                edits: edits, decodeCall: call, check: .valueByValue(absorbs: absorbs, newErrors: 0),
                cost: { removed in
                    .dropsElements(dropped: Set(removed.compactMap { self.subject(of: $0).flatMap(elementStart) }).count, total: total)
                })
        ]
    }

    /// The nearest array above the node whose elements are what failed (a property's value or the root).
    func enclosingArray(of node: NodeID) -> NodeID? {
        var current = tree.parent(node)
        while let parent = current {
            if let entry = typed[parent], case .array = entry.type, tree.kind(parent) == .array,
                (entry.isPropertyValue && entry.steps.isEmpty) || parent == context.rootNode
            {
                return parent
            }
            if parent == context.rootNode { return nil }
            current = tree.parent(parent)
        }
        return nil
    }
}
