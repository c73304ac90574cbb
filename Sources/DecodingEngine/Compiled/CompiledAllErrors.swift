import Foundation
import JSONTree
import ModelSchema

/// All-errors mode in compiled mode, as far as Foundation's own errors show it. For an array or a
/// dictionary of a type (`[Product]`, `[String: Product]`), every failing element, each decoded on its own
/// by the compiled type and Foundation's `JSONDecoder` and located on its node. For any other root, the
/// payload decoded again with each earlier fault set aside (``FaultSetAside``). Foundation's own error
/// (the whole decode's) comes first, as in the schema engine's all-errors mode; the report says how the
/// others were found (``DecodeReport/allErrorsSearch``).
public struct CompiledAllErrors: Sendable {
    /// The element type of an array or dictionary type expression: `[Product]` → `Product`,
    /// `[String: Product]` → `Product`; nil for anything else.
    public static func elementType(of expression: String) -> (element: String, isDictionary: Bool)? {
        let text = expression.trimmingCharacters(in: .whitespaces)
        guard text.hasPrefix("["), text.hasSuffix("]") else { return nil }
        let inner = text.dropFirst().dropLast()
        var depth = 0
        for index in inner.indices {
            switch inner[index] {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth -= 1
            case ":" where depth == 0:
                let value = inner[inner.index(after: index)...].trimmingCharacters(in: .whitespaces)
                return value.isEmpty ? nil : (value, true)
            default: break
            }
        }
        let element = inner.trimmingCharacters(in: .whitespaces)
        return element.isEmpty ? nil : (element, false)
    }

    public var decoder: CompiledDecoder
    public var typeExpression: String
    /// The element type of an array or dictionary root; nil for any other type.
    public var elementType: String?
    public var isDictionary: Bool

    public init(models: [ModelSource], typeExpression: String, decoderExpression: String?) {
        let element = Self.elementType(of: typeExpression)
        self.typeExpression = typeExpression
        elementType = element?.element
        isDictionary = element?.isDictionary ?? false
        decoder = CompiledDecoder(
            models: models, typeExpressions: [typeExpression] + (element.map { [$0.element] } ?? []), decoderExpression: decoderExpression)
    }

    /// The whole decode, then, when it fails, every element on its own.
    public func decode(
        payloadPath: String, tree: JSONTree?, at node: NodeID?, options: DecodeOptions,
        wantsValue: Bool, traces: Bool
    ) throws(CompiledDecoder.Failure) -> DecodeReport {
        var report = try decoder.decode(
            typeExpression, payloadPath: payloadPath, tree: tree, at: node, options: options,
            wantsValue: wantsValue, traces: traces)
        guard let first = report.errors.first, let tree else { return report }
        let container = node ?? tree.root
        guard let elementType, tree.kind(container) == (isDictionary ? .object : .array) else {
            // A payload that is not JSON has one error; there is no fault in it to set aside.
            guard tree.isAcceptedByJSONDecoder else { return report }
            let search = FaultSetAside(
                decoder: decoder, typeExpression: typeExpression, payloadPath: payloadPath, tree: tree, node: container,
                options: options, keys: report.decoderKeys ?? options.keys)
            let (errors, found, caught) = try search.search(after: report)
            report.errors += errors
            report.caught += caught
            report.allErrorsSearch = found
            for error in errors { if let node = error.node, error.kind != .keyNotFound { report.nodeStatus[node] = .failed } }
            return report
        }
        let elements = Array(tree.children(container))
        var errors = try decoder.decodeEach(elementType, payloadPath: payloadPath, tree: tree, at: elements, options: options)
            .compactMap { $0 }
        report.allErrorsSearch = AllErrorsSearch(method: .eachElement, decodes: 1 + elements.count)
        // Foundation's own error first (as its element's decode located it: an error the model's code
        // threw has no coding path, and is about that element); the others in document order.
        if let same = errors.firstIndex(where: {
            $0.kind == first.kind && $0.codingPath == first.codingPath && $0.debugDescription == first.debugDescription
        }) {
            report.errors = [errors.remove(at: same)] + errors
        } else {
            report.errors = [first] + errors
        }
        for error in errors { if let node = error.node, error.kind != .keyNotFound { report.nodeStatus[node] = .failed } }
        return report
    }
}
