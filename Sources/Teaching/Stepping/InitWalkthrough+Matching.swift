import DecodingEngine
import JSONTree
import ModelSchema

extension InitWalkthrough {
    /// A walkthrough for one run, when it is the `init(from:)` of a model type.
    static func make(run: [Int], report: DecodeReport, context: TeachingContext) -> InitWalkthrough? {
        guard let first = run.first, let node = report.trace[first].node, let type = report.nodeTypes[node]?.type,
            case .named = type,
            let schema = context.schema.typeSchema(for: type), let decoding = schema.decoding
        else { return nil }
        let firstCall = report.trace[first].call
        switch decoding {
        case .keyed, .cases, .inherited: guard firstCall.hasPrefix("container(keyedBy:") else { return nil }
        case .rawValue:
            guard firstCall == "singleValueContainer()", run.count <= 2,
                run.count < 2 || report.trace[run[1]].call.hasPrefix("decode(")
            else { return nil }
        }
        let lines = SynthesizedInit.lines(for: type, schema: context.schema, options: context.options)
        let checksCaseKey = lines.contains { $0.role == .caseKeyCheck }
        var steps: [Step] = []
        var caseLines: Range<Int> = lines.indices
        for index in run {
            let entry = report.trace[index]
            guard let line = line(for: entry.call, in: lines, within: caseLines) else { continue }
            if case .nestedContainer(let name) = lines[line].role { caseLines = caseRange(name, in: lines) }
            steps.append(Step(line: line, node: entry.node, outcome: entry.outcome, call: entry.call, traceIndex: index))
            if checksCaseKey, lines[line].role == .container, case .returned = entry.outcome {
                steps.append(keyCheckStep(lines: lines, node: node, report: report))
            }
        }
        if case .rawValue = decoding, let check = lines.firstIndex(where: { $0.role == .rawValueCheck }),
            case .returned(let raw)? = steps.last?.outcome, steps.last?.line != check
        {
            let failure = report.errors.first { $0.node == node && $0.reason == .invalidRawValue }
            let outcome: TraceEntry.Outcome = failure.map { .threw(kind: $0.kind, debugDescription: $0.debugDescription) } ?? .returned(raw)
            steps.append(Step(line: check, node: node, outcome: outcome, call: "\(schema.name)(rawValue: \(raw))", traceIndex: nil))
        }
        return InitWalkthrough(
            type: type, node: node, lines: lines, steps: steps, keyNodes: keyNodes(lines, object: node, context: context))
    }

    /// The line a traced call stands for.
    static func line(for call: String, in lines: [InitLine], within range: Range<Int>) -> Int? {
        range.first { i in
            switch lines[i].role {
            case .container: call.hasPrefix("container(keyedBy:") || call == "singleValueContainer()"
            case .nestedContainer(let name): call.hasPrefix("nestedContainer(") && call.hasSuffix("forKey: .\(name))")
            case .decode(let name, let key, _):
                key == nil ? call.hasPrefix("decode(") && !call.contains("forKey") : call.hasSuffix("forKey: .\(name))")
            default: false
            }
        }
    }

    /// The lines of one case of an enum with associated values.
    static func caseRange(_ name: String, in lines: [InitLine]) -> Range<Int> {
        guard let start = lines.firstIndex(where: { $0.role == .nestedContainer(caseName: name) }) else { return lines.indices }
        let end = lines[start...].firstIndex { $0.text.hasPrefix("        self = .") } ?? lines.count
        return start..<end
    }

    /// The untraced check that exactly one case key is present: it threw when the report has
    /// "Invalid number of keys" at the node, and passed when a nested container followed.
    static func keyCheckStep(lines: [InitLine], node: NodeID, report: DecodeReport) -> Step {
        let line = lines.firstIndex { $0.role == .caseKeyCheck } ?? 0
        if let error = report.errors.first(where: { $0.node == node && $0.reason == .enumKeyCount }) {
            return Step(
                line: line, node: node, outcome: .threw(kind: error.kind, debugDescription: error.debugDescription),
                call: "container.allKeys.count == 1", traceIndex: nil)
        }
        return Step(line: line, node: node, outcome: .returned("true"), call: "container.allKeys.count == 1", traceIndex: nil)
    }

    /// For each coding key line, the member of the object that the key finds.
    static func keyNodes(_ lines: [InitLine], object: NodeID, context: TeachingContext) -> [Int: NodeID] {
        var result: [Int: NodeID] = [:]
        var inMain = false
        for (i, line) in lines.enumerated() {
            if line.role == .keysDeclaration { inMain = line.text.hasPrefix("enum CodingKeys") }
            guard inMain, case .codingKey(_, let key) = line.role else { continue }
            if let member = KeyMatching.member(of: object, key: key, in: context.tree, keys: context.options.keys) { result[i] = member }
        }
        return result
    }
}
