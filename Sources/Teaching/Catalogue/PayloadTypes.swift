import JSONTree
import ModelSchema

/// The Swift types that hold every one of some payload values, most fitting first.
///
/// `[128, 300, 255]` read as `UInt8` gives `UInt16` then `Int`; `[12.5, 40.00]` gives `Double`
/// then `Decimal` (40.00 is written with a fraction, so `Int` is not proposed); strings give `String`.
enum PayloadTypes {
    static func candidates(for nodes: [NodeID], in tree: JSONTree, current: TypeRef?) -> [TypeRef] {
        let kinds = Set(nodes.map { tree.kind($0) }).subtracting([.null])
        guard kinds.count == 1, let kind = kinds.first else { return [] }
        var result: [TypeRef]
        switch kind {
        case .string: result = [.scalar(.string)]
        case .bool: result = [.scalar(.bool)]
        case .number: result = numberTypes(nodes.compactMap { tree.number($0) }, current: current).map { .scalar($0) }
        default: result = []
        }
        return result.filter { $0 != current }
    }

    static let unsignedLadder: [ScalarType] = [.uint8, .uint16, .uint32, .uint64]
    static let signedLadder: [ScalarType] = [.int8, .int16, .int32, .int64]

    static func numberTypes(_ numbers: [JSONNumber], current: TypeRef?) -> [ScalarType] {
        guard !numbers.isEmpty else { return [] }
        let integral = numbers.allSatisfy(\.isWrittenAsInteger)
        if integral {
            var result: [ScalarType] = []
            if case .scalar(let s)? = current, let ladder = [unsignedLadder, signedLadder].first(where: { $0.contains(s) }),
                let start = ladder.firstIndex(of: s)
            {
                if let wider = ladder[(start + 1)...].first(where: { fits(numbers, $0) }) { result.append(wider) }
            }
            if fits(numbers, .int) { result.append(.int) } else if fits(numbers, .uint64) { result.append(.uint64) }
            if result.isEmpty || !fits(numbers, .int) { result.append(.decimal) }
            return result
        }
        let doubles = numbers.allSatisfy { if case .success = $0.double { true } else { false } }
        return doubles ? [.double, .decimal] : [.decimal]
    }

    static func fits(_ numbers: [JSONNumber], _ type: ScalarType) -> Bool {
        numbers.allSatisfy { n in
            switch type {
            case .int, .int64: if case .success = n.integer(as: Int64.self) { true } else { false }
            case .int8: if case .success = n.integer(as: Int8.self) { true } else { false }
            case .int16: if case .success = n.integer(as: Int16.self) { true } else { false }
            case .int32: if case .success = n.integer(as: Int32.self) { true } else { false }
            case .uint8: if case .success = n.integer(as: UInt8.self) { true } else { false }
            case .uint16: if case .success = n.integer(as: UInt16.self) { true } else { false }
            case .uint32: if case .success = n.integer(as: UInt32.self) { true } else { false }
            case .uint64, .uint: if case .success = n.integer(as: UInt64.self) { true } else { false }
            default: false
            }
        }
    }
}
