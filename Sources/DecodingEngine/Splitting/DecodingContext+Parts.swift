import Foundation
import JSONTree
import ModelSchema

/// The parts of a split array (``ArraySplit``), decoded side by side, each with a context of
/// its own, and taken into this decode in order: what the whole decode would have recorded
/// up to the first part that fails (first-error mode), or of every part (all-errors mode).
extension DecodingContext {
    /// The elements of the split array, every part's in order (none when the parts render them,
    /// into ``splitJSON`` or to ``elementsSink``). Throws the first part's error as
    /// ``EngineFailure/failedInPart(_:)`` (already located in the part), or its failure.
    func decodeParts(of split: ArraySplit, steps: [PathComponent], element: TypeRef) throws -> [DecodedValue] {
        guard let tree else { throw EngineFailure.splitAbandoned }
        let parts = split.parts
        let outcomes = PartOutcomes(count: parts.count, handingTextTo: elementsSink)
        // The array's entry, read before the parts start: each part types its elements from it.
        let arrayType = types?.entry(of: split.node)
        let decode: @Sendable (Int) -> Void = { i in
            outcomes.store(
                self.decodePart(parts[i], of: split, steps: steps, element: element, tree: tree, arrayType: arrayType), at: i)
        }
        let threads = min(split.threads, parts.count)
        if threads <= 1 {
            while let i = outcomes.next() { decode(i) }
        } else {
            DispatchQueue.concurrentPerform(iterations: threads) { _ in
                while let i = outcomes.next() { decode(i) }
            }
        }
        var items: [DecodedValue] = []
        for i in parts.indices {
            guard let outcome = outcomes[i] else { throw EngineFailure.splitAbandoned }
            absorb(outcome.context)
            switch outcome.result {
            case .decoded(let values): items.append(contentsOf: values)
            case .rendered(let text): splitJSON.append(text)
            case .handedOver: break
            case .failed(let error): throw EngineFailure.failedInPart(error)
            case .failure(let failure): throw failure
            }
        }
        return items
    }

    /// The status of a node as this decode recorded it (0: not reached).
    func statusCode(of node: NodeID) -> UInt8 {
        let i = node - statusBase
        return i >= 0 && i < statusTable.count ? statusTable[i] : 0
    }

    /// One part, decoded from its own document with a decoder configured as this one.
    private func decodePart(
        _ part: ArraySplit.Part, of split: ArraySplit, steps: [PathComponent], element: TypeRef, tree: JSONTree,
        arrayType: NodeTypes.Entry?
    ) -> PartOutcome {
        let context = DecodingContext(
            schema: schema, options: options, tree: tree, rootType: rootType,
            plan: .part(part, steps: steps, element: element), split: split, statusNodes: part.nodes)
        context.types?.seed(split.node, with: arrayType)
        let decoder = options.makeDecoder()
        decoder.userInfo[Self.userInfoKey] = context
        let document = split.document(of: part, payload: tree.text, tree: tree)
        do {
            let value = try document.withUnsafeBytes { raw in
                // `JSONDecoder` reads the document's own bytes, as the whole decode reads the payload's.
                let data = Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: raw.baseAddress!), count: raw.count, deallocator: .none)
                return try decoder.decode(DynamicValue.self, from: data)
            }
            guard case .array(let items) = value.value else { return PartOutcome(context: context, result: .failure(.splitAbandoned)) }
            guard rendersSplitJSON else { return PartOutcome(context: context, result: .decoded(items)) }
            // Rendered here, on the part's thread, and dropped: the elements are never all held as values.
            var text: [UInt8] = []
            // Room for the part's own text (JSON of a value is rarely longer): it grows in place,
            // with no doubling copies, and the pages it does not write are never resident.
            text.reserveCapacity(part.bytes.count + 64)
            for (i, item) in items.enumerated() {
                if i > 0 { text.append(UInt8(ascii: ",")) }
                item.write(to: &text)
            }
            return PartOutcome(context: context, result: .rendered(text))
        } catch let error as DecodingError {
            return PartOutcome(context: context, result: .failed(context.locate(error)))
        } catch let failure as EngineFailure {
            return PartOutcome(context: context, result: .failure(failure))
        } catch {
            return PartOutcome(context: context, result: .failure(.splitAbandoned))
        }
    }

    /// What a part recorded, as this decode would have recorded it in the part's place.
    private func absorb(_ part: DecodingContext) {
        errors += part.errors
        missingKeys.merge(part.missingKeys) { _, new in new }
        if let partTypes = part.types { types?.absorb(partTypes) }
        for i in 0..<part.statusTable.count where part.statusTable[i] != 0 {
            let node = part.statusBase + i
            if statusCode(of: node) < part.statusTable[i] { statusTable[node - statusBase] = part.statusTable[i] }
        }
        #if DEBUG
        if inconsistency == nil { inconsistency = part.inconsistency }
        #endif
    }
}

/// What one part's decode gave, with the context that recorded it.
private struct PartOutcome {
    enum Result {
        case decoded([DecodedValue])
        /// The elements' JSON, joined by commas.
        case rendered([UInt8])
        /// That JSON, handed to the sink (``DecodingContext/elementsSink``) and not kept.
        case handedOver
        case failed(LocatedDecodingError)
        case failure(EngineFailure)
    }

    var context: DecodingContext
    var result: Result
}

/// The parts handed out in order to the threads that decode them, and their outcomes. After a
/// part fails (its first error, in first-error mode) no later part is handed out: the whole
/// decode stops there. With a sink, the rendered text of each part goes to it, in order, as
/// soon as the parts before it are in, and is not kept.
private final class PartOutcomes: @unchecked Sendable {
    private let lock = NSLock()
    private let sinkLock = NSLock()
    private var outcomes: [PartOutcome?]
    private var upcoming = 0
    private var firstFailure = Int.max
    private let sink: (@Sendable ([UInt8]) -> Void)?
    /// The parts before this one are handed to the sink.
    private var handedOver = 0

    init(count: Int, handingTextTo sink: (@Sendable ([UInt8]) -> Void)?) {
        outcomes = Array(repeating: nil, count: count)
        self.sink = sink
    }

    func next() -> Int? {
        lock.withLock {
            guard upcoming < outcomes.count, upcoming < firstFailure else { return nil }
            defer { upcoming += 1 }
            return upcoming
        }
    }

    func store(_ outcome: PartOutcome, at i: Int) {
        lock.lock()
        outcomes[i] = outcome
        switch outcome.result {
        case .decoded, .rendered, .handedOver: break
        case .failed, .failure: firstFailure = min(firstFailure, i)
        }
        // The texts now next in line (never the part that fails, nor those after it), taken
        // out of their outcomes in order.
        var ready: [[UInt8]] = []
        while sink != nil, handedOver < min(outcomes.count, firstFailure), let next = outcomes[handedOver],
            case .rendered(let text) = next.result
        {
            ready.append(text)
            outcomes[handedOver]?.result = .handedOver
            handedOver += 1
        }
        guard let sink, !ready.isEmpty else { return lock.unlock() }
        // Handed over outside the outcomes' lock (a write to a pipe must not hold up the other
        // threads' next part), but with the sink's lock taken before it is let go: the calls
        // come one at a time and in order.
        sinkLock.lock()
        lock.unlock()
        for text in ready { sink(text) }
        sinkLock.unlock()
    }

    subscript(i: Int) -> PartOutcome? { lock.withLock { outcomes[i] } }
}
