import Capture
import Foundation
import JSONTree
import ModelInference

/// `infer CAPTURE --routes FILE [--type NAME]`: models merged from every body that the routes
/// of one type decode, so that every one of them decodes with the models.
extension InferRun {
    public var isCapture: Bool {
        CaptureInput(routes: routes, jsonLines: jsonLines).isCapture(payload)
    }

    public func captureOutcome() throws(CommandFailure) -> Outcome {
        let options = CaptureInput(routes: routes, jsonLines: jsonLines)
        let capture = try options.open(payload)
        let table: RouteTable
        if let file = routes {
            table = try options.routeTable(file)
        } else if let type {
            table = .single(type)
        } else {
            throw .captureNeedsRoutes("infer")
        }
        let names = table.rules.map { Self.sampledName(of: $0.typeExpression) }
        var wanted = type.map(Self.sampledName(of:))
        if wanted == nil {
            let distinct = Array(Set(names)).sorted()
            guard distinct.count == 1 else { throw .captureNeedsType(distinct) }
            wanted = distinct[0]
        }
        guard let wanted else { throw .captureNeedsType([]) }
        var inferred = self.options
        if name == "Root" { inferred.rootName = wanted }
        if let problem = inferred.rootNameProblem { throw .rootName(inferred.rootName, problem: problem) }
        let samples = capture.lazy.flatMap { entry -> [(JSONTree, NodeID)] in
            guard case .decode(let rule, let body) = EntryPlan(entry, routes: table), Self.sampledName(of: rule.typeExpression) == wanted
            else { return [] }
            return Self.samples(of: body, at: rule.path, typeExpression: rule.typeExpression)
        }
        let models: InferredModels
        do { models = try ModelInferrer(inferred).infer(samples: samples) } catch { throw .inference(error) }
        let fileName = PayloadInput.displayName(payload)
        let header = [
            "// Models for \(wanted), inferred by `codable-explorer infer` from every body of \(TerminalSafeText.escape(fileName)) its routes decode.",
            "// Decode one with: try makeDecoder().decode(\(models.rootTypeName).self, from: data)",
        ]
        return .models(header.joined(separator: "\n") + "\n" + models.swiftSource)
    }

    /// The type a route's expression holds samples of: `[User]`, `[String: User]` and `User?` hold `User`s.
    public static func sampledName(of expression: String) -> String {
        var text = expression.trimmingCharacters(in: .whitespaces)
        while text.hasSuffix("?") { text.removeLast() }
        if text.hasPrefix("["), text.hasSuffix("]") {
            text = String(text.dropFirst().dropLast())
            if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("[") { text = String(text[text.index(after: colon)...]) }
            return sampledName(of: text)
        }
        return text
    }

    /// The nodes of one body that are samples of the route's type: the node at its key path, or,
    /// for an array or a dictionary type, each of its elements or values (null for an optional: none).
    public static func samples(of body: [UInt8], at path: NodePath, typeExpression: String) -> [(JSONTree, NodeID)] {
        guard let tree = try? JSONTree.parse(body), tree.isAcceptedByJSONDecoder,
            case .success(let (node, _)) = path.settle(in: tree)
        else { return [] }
        var nodes = [node]
        var expression = typeExpression.trimmingCharacters(in: .whitespaces)
        while expression.hasSuffix("?") { expression.removeLast() }
        while expression.hasPrefix("["), expression.hasSuffix("]") {
            expression = String(expression.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
            let container: NodeKind = expression.firstIndex(of: ":").map { !expression[..<$0].contains("[") } == true ? .object : .array
            if container == .object, let colon = expression.firstIndex(of: ":") {
                expression = String(expression[expression.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            }
            nodes = nodes.flatMap { tree.kind($0) == container ? Array(tree.children($0)) : [] }
            while expression.hasSuffix("?") { expression.removeLast() }
        }
        return nodes.filter { tree.kind($0) != .null }.map { (tree, $0) }
    }
}
