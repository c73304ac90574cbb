import DecodingEngine
import JSONTree
import ModelSchema

extension FixCatalogue {
    /// A generic type decoded with the wrong argument (`PageEntity<String>` over objects): the
    /// same type with another of the model's types as its argument, where that decodes.
    func genericArgumentCandidates(_ error: LocatedDecodingError) -> [FixCandidate] {
        guard case .named(let name, let arguments) = context.rootType, !arguments.isEmpty, let node = subject(of: error),
            let entry = typed[node], let property = entry.property, case .named(let ownerName, _)? = entry.owner,
            let declared = schema.types[ownerName]?.properties.first(where: { $0.name == property.name })?.type,
            Self.mentionsGenericParameter(declared)
        else { return [] }
        let choices = schema.types.values
            .filter { $0.isDecodable && $0.genericParameters.isEmpty && $0.decoding != nil && !$0.qualifiedName.hasSuffix("CodingKeys") }
            .map { TypeRef.named(qualifiedName: $0.qualifiedName, arguments: []) }
            .sorted { $0.swiftSpelling < $1.swiftSpelling }
            .prefix(20)
        var result: [FixCandidate] = []
        for (i, argument) in arguments.enumerated() {
            for choice in choices where choice != argument {
                var replaced = arguments
                replaced[i] = choice
                let type = TypeRef.named(qualifiedName: name, arguments: replaced)
                let spelling = type.swiftSpelling
                result.append(
                    FixCandidate(
                        kind: .genericArgument, title: "Decode `\(spelling)` instead of `\(context.rootType.swiftSpelling)`",
                        detail:
                            "The generic argument decides what \(argument.swiftSpelling) stands for inside \(name); the payload holds \(choice.swiftSpelling) there.",
                        decodeCall: DecodeCall(
                            swift: "let value = try decoder.decode(\(spelling).self, from: data)", typeExpression: spelling),
                        check: .redecode(type: type)))
            }
        }
        return result
    }

    static func mentionsGenericParameter(_ type: TypeRef) -> Bool {
        switch type {
        case .genericParameter: true
        case .optional(let t), .array(let t), .set(let t): mentionsGenericParameter(t)
        case .dictionary(let k, let v): mentionsGenericParameter(k) || mentionsGenericParameter(v)
        case .named(_, let arguments): arguments.contains(where: mentionsGenericParameter)
        case .scalar: false
        }
    }
}
