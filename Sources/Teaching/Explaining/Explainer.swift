import DecodingEngine
import JSONTree
import ModelSchema

/// Explains located decoding errors against one decode's payload, model and strategies.
///
/// Build one per decode (it indexes which type the model reads at each node) and ask it for
/// each error. Pure: nothing is decoded, only the tree and the schema are read.
public struct Explainer: Sendable {
    let context: TeachingContext
    let typed: NodeTypes

    public init(context: TeachingContext) {
        self.context = context
        typed = context.nodeTypes
    }

    init(context: TeachingContext, typed: NodeTypes) {
        self.context = context
        self.typed = typed
    }

    var tree: JSONTree { context.tree }

    /// The explanation of one error of `report` (a report of this decode).
    public func explain(_ error: LocatedDecodingError, in report: DecodeReport) -> Explanation {
        if let parseError = report.parseError, error.codingPath.isEmpty, error.kind == .dataCorrupted {
            return Explanation(parseError: parseError)
        }
        guard let node = error.node else {
            return Explanation(
                expected: error.expectedType.map(SwiftTypeName.phrase(foundation:)) ?? "a value the model can decode",
                found: "a value the explorer could not locate in the payload")
        }
        switch error.kind {
        case .keyNotFound: return keyNotFound(error, object: node)
        case .valueNotFound: return valueNotFound(error, node: node)
        case .typeMismatch: return typeMismatch(error, node: node)
        case .dataCorrupted: return dataCorrupted(error, node: node)
        case .other:
            let type = TerminalSafeText.escape(error.errorType ?? "an error type of the model")
            return Explanation(
                expected: "what the model's own init(from:) checks",
                found: "a value its code refused: it threw \(type)",
                why: "JSONDecoder passes on errors that the model's code throws; they are not DecodingErrors")
        }
    }

    // MARK: Describing the model side

    /// `` `price` (`let price: Double` in Quote) ``.
    func propertyPhrase(_ property: PropertySchema?, owner: TypeRef?) -> String? {
        guard let property else { return nil }
        let declaration = TerminalSafeText.escape(property.declarationText)
        let ownerName = owner.map { " in \(TerminalSafeText.escape($0.description))" } ?? ""
        return "`\(property.name)` (`\(declaration)`\(ownerName))"
    }

    /// What the model reads at a node: `a Double for `price` (…)`, `a Double (an element of …)`.
    func modelSide(at node: NodeID, property: PropertySchema?, fallbackType: String?) -> String {
        let entry = typed[node]
        let typeText = entry.map { TerminalSafeText.escape($0.type.swiftSpelling) } ?? fallbackType ?? "value"
        let article = Self.article(typeText)
        let holder = property ?? entry?.property
        let owner = entry?.owner ?? holder.flatMap { p in typed.distinct.first { $0.property == p }?.owner }
        guard let phrase = propertyPhrase(holder, owner: owner) else { return "\(article) `\(typeText)`" }
        if let entry, !entry.isPropertyValue, entry.property != nil {
            let inside = entry.steps.contains(.value) ? "a value inside" : "an element of"
            return "\(article) `\(typeText)`, \(inside) \(phrase)"
        }
        return "\(article) `\(typeText)` for \(phrase)"
    }

    /// "a" or "an" for a type name as people say it ("an Int", "a UInt8", "a URL").
    static func article(_ type: String) -> String {
        guard let first = type.first(where: { $0.isLetter }) else { return "a" }
        return "AEIOaeio".contains(first) && !type.hasPrefix("[") ? "an" : "a"
    }

    /// The node's address in the payload: `$.events[2].startsAt`.
    func address(_ node: NodeID) -> String { NodePath(of: node, in: tree).description }

    func summary(_ node: NodeID) -> ValueSummary { ValueSummary(tree: tree, node: node) }
}
