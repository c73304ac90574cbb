import Foundation
import JSONTree
import ModelSchema

extension ValueReader {
    func readNamed(_ type: TypeRef, named: NamedType) throws -> DecodedValue {
        switch named.decoding {
        case .keyed:
            return try readKeyed(type, plan: named.keyedPlan(type))
        case .rawValue(let rawType, let cases):
            return try readRawValue(type, rawType: rawType, cases: cases)
        case .cases(let cases):
            return try readCases(type, cases: cases)
        case .inherited(let superclass):
            guard case .object(_, let fields) = try read(.named(qualifiedName: superclass, arguments: [])) else {
                throw EngineFailure.notDecodable(superclass)
            }
            return .object(type: type.description, fields)
        }
    }

    /// The synthesized `init(from:)` of a struct or class: `container(keyedBy: CodingKeys.self)`,
    /// then `decode` or `decodeIfPresent` per decoded property, with the property's static type.
    /// A type that decodes no property asks for no container at all: `[]` decodes as `Empty`.
    func readKeyed(_ type: TypeRef, plan: KeyedPlan) throws -> DecodedValue {
        // The plan gives the members in CodingKeys order, as the synthesized init(from:) decodes.
        let container =
            plan.members.isEmpty
            ? nil
            : try traced(
                "container(keyedBy: CodingKeys.self)", node: node,
                { _ in "KeyedDecodingContainer<CodingKeys>" }
            ) {
                try decoder.container(keyedBy: CodingKeys.self)
            }
        let children = context.noteKeys(of: node, keys: plan.keys, wanted: plan.wanted)
        var fields = plan.fields
        if let container {
            for (member, child) in zip(plan.members, children) {
                let value = try decodeMember(member, in: container, child: child, owner: type)
                if let field = member.field { fields[field].value = value }
            }
        }
        return .object(type: plan.typeName, fields)
    }

    /// The synthesized call for one property of a keyed plan (see the next function).
    func decodeMember(
        _ member: KeyedPlan.Member, in container: KeyedDecodingContainer<CodingKeys>,
        child: NodeID?, owner: TypeRef
    ) throws -> DecodedValue {
        if let types = context.types { types.note(child, types.member(member, owner: owner)) }
        var slot = KeyedSlot(container: container, key: member.codingKey, ifPresent: member.ifPresent)
        return try decodeValue(child: child, type: member.valueType, member: member) {
            try traced(member.call, node: child, { $0.json }) {
                try decodeChild(member.valueType, in: &slot, context: context, at: .node(child, depth: depth + 1))
            }
        }
    }

    /// One `decode(T.self, forKey:)` or `decodeIfPresent(T.self, forKey:)` (T being the optional's wrapped type).
    /// `child` is the member the key finds (``DecodingContext/noteKeys(of:keys:wanted:)`` looks
    /// them up); `member` is the model property, when it is one.
    func decodeMember(
        _ memberType: TypeRef, key spec: CodingKeySpec, keyTypeName: String, ifPresent: Bool,
        in container: KeyedDecodingContainer<CodingKeys>, child: NodeID?,
        member: KeyedPlan.Member?
    ) throws -> DecodedValue {
        var valueType = memberType
        var useIfPresent = false
        if ifPresent, case .optional(let wrapped) = memberType {
            valueType = wrapped
            useIfPresent = true
        }
        let key = CodingKeys(stringValue: spec.stringValue, intValue: spec.intValue, typeName: keyTypeName)
        var slot = KeyedSlot(container: container, key: key, ifPresent: useIfPresent)
        return try decodeValue(child: child, type: valueType, member: member) {
            try traced(
                "\(useIfPresent ? "decodeIfPresent" : "decode")(\(valueType.swiftSpelling).self, forKey: .\(member?.property.name ?? spec.stringValue))",
                node: child, { $0.json }
            ) { try decodeChild(valueType, in: &slot, context: context, at: .node(child, depth: depth + 1)) }
        }
    }

    /// `RawRepresentable.init(from:)`: the raw type from a single-value container, then `init(rawValue:)`.
    func readRawValue(_ type: TypeRef, rawType: ScalarType, cases: [EnumCaseSchema]) throws -> DecodedValue {
        var slot = SingleValueSlot(
            container: try traced(
                "singleValueContainer()", node: node,
                { _ in "SingleValueDecodingContainer" }
            ) { try decoder.singleValueContainer() })
        let raw = try attempt(child: node, type: .scalar(rawType)) {
            try traced("decode(\(rawType.swiftName).self)", node: node, { $0.json }) {
                try decodeChild(.scalar(rawType), in: &slot, context: context)
            }
        }
        if let match = cases.first(where: { $0.rawValue.map { Self.rawValue($0, equals: raw) } ?? false }) {
            return .rawValueCase(name: match.name, rawValue: raw)
        }
        context.noteOrigin(.init(container: node, child: node, type: type))
        context.thrownReason = .invalidRawValue
        throw DecodingError.dataCorrupted(
            .init(
                codingPath: decoder.codingPath,
                debugDescription: "Cannot initialize \(type.description) from invalid \(rawType.swiftName) value \(Self.text(of: raw))"))
    }

    static func rawValue(_ raw: EnumCaseSchema.RawValue, equals value: DecodedValue) -> Bool {
        switch (raw, value) {
        case (.string(let a), .string(let b)): a == b
        case (.integer(let a), .signed(let b)): Int64(a) == b
        case (.integer(let a), .unsigned(let b)): a >= 0 && UInt64(a) == b
        case (.integer(let a), .floating(let b, _)): Double(a) == b
        case (.floatingPoint(let a), .floating(let b, _)): a == b
        default: false
        }
    }

    /// How `"\(decoded)"` prints a raw value in the standard library's message.
    static func text(of value: DecodedValue) -> String {
        switch value {
        case .string(let s): s
        case .signed(let v): String(v)
        case .unsigned(let v): String(v)
        case .floating(_, let description): description
        case .bool(let b): String(b)
        default: value.json
        }
    }

    /// The synthesized `init(from:)` of an enum with associated values (SE-0295): exactly one
    /// case key, then a nested container keyed by `<Case>CodingKeys` for its values.
    func readCases(_ type: TypeRef, cases: [EnumCaseSchema]) throws -> DecodedValue {
        let container = try traced("container(keyedBy: CodingKeys.self)", node: node, { _ in "KeyedDecodingContainer<CodingKeys>" }) {
            try decoder.container(keyedBy: CodingKeys.self)
        }
        let present = container.allKeys.filter { key in cases.contains { $0.codingKey?.stringValue == key.stringValue } }
        guard present.count == 1, let chosen = cases.first(where: { $0.codingKey?.stringValue == present[0].stringValue }),
            let caseKey = chosen.codingKey
        else {
            context.noteOrigin(.init(container: node, child: node, type: type))
            context.thrownTypeName = type.description
            context.thrownReason = .enumKeyCount
            throw DecodingError.typeMismatch(
                DynamicValue.self,
                .init(
                    codingPath: container.codingPath, debugDescription: "Invalid number of keys found, expected one."))
        }
        let key = CodingKeys(stringValue: caseKey.stringValue, intValue: caseKey.intValue, typeName: "CodingKeys")
        let caseNode = context.child(of: node, .key(caseKey.stringValue))
        let nested = try attempt(child: caseNode, type: type) {
            try traced(
                "nestedContainer(keyedBy: \(chosen.codingKeysTypeName).self, forKey: .\(chosen.name))", node: caseNode,
                { _ in "KeyedDecodingContainer<\(chosen.codingKeysTypeName)>" }
            ) {
                try container.nestedContainer(keyedBy: CodingKeys.self, forKey: key)
            }
        }
        let wanted = chosen.associatedValues.compactMap { v in
            v.codingKey.map { DecodingContext.WantedKey(key: $0.stringValue, required: !v.usesDecodeIfPresent, property: nil) }
        }
        let found = context.noteKeys(of: caseNode, keys: KeyTable(wanted.map { $0.key }), wanted: wanted)
        var children = found.makeIterator()
        let inner = ValueReader(decoder: decoder, context: context, node: caseNode, depth: depth + 1)
        var values: [DecodedValue.Field] = []
        for (i, value) in chosen.associatedValues.enumerated() {
            let name = value.label ?? "_\(i)"
            guard let spec = value.codingKey else {
                values.append(.init(name, .null))
                continue
            }
            let child = children.next() ?? nil
            if let types = context.types {
                types.note(child, types.intern(.init(declared: value.type, property: nil, owner: type, steps: [])))
            }
            values.append(
                .init(
                    name,
                    try inner.decodeMember(
                        value.type, key: spec, keyTypeName: chosen.codingKeysTypeName, ifPresent: value.usesDecodeIfPresent,
                        in: nested, child: child, member: nil)))
        }
        return .enumCase(name: chosen.name, values: values)
    }
}
