import DecodingEngine
import JSONTree
import ModelSchema

extension InitWalkthrough {
    /// Every run of a hand-written `init(from:)` in a compiled-mode trace, in the order they started:
    /// the user's own source lines, each traced call tied to the line that made it (``CallSiteMatch``).
    /// A call whose line is ambiguous is a step on every line that could have made it
    /// (``Step/candidateLines``); a call no line of the source makes is left out of the steps (the
    /// view's call list still shows it). Runs of synthesized types have no walkthrough here.
    public static func compiled(in report: DecodeReport, schema: Schema) -> [InitWalkthrough] {
        var initializers: [String: HandWrittenInit?] = [:]
        return runs(of: report.trace).compactMap { run -> InitWalkthrough? in
            guard let first = run.first, let owner = report.trace[first].site?.owner else { return nil }
            if initializers[owner] == nil { initializers[owner] = .some(schema.handWrittenInit(of: owner)) }
            guard let initializer = initializers[owner] ?? nil else { return nil }
            // Dedented by the initializer's own indentation, so the calls keep the width.
            let indent = initializer.lines.first.map { $0.prefix { $0 == " " || $0 == "\t" }.count } ?? 0
            let lines = initializer.lines.enumerated().map { offset, text in
                let shown = text.prefix(indent).allSatisfy { $0 == " " || $0 == "\t" } ? String(text.dropFirst(indent)) : text
                return InitLine(
                    shown, .other,
                    note: offset == 0 ? "\(ModelLocation(file: initializer.file, line: initializer.firstLine, column: 1))" : nil)
            }
            var steps: [Step] = []
            for index in run {
                let entry = report.trace[index]
                guard let site = entry.site else { continue }
                let lineIndex = { (s: HandWrittenInit.CallSite) in s.location.line - initializer.firstLine }
                switch CallSiteMatch.match(site, in: initializer).preferringGenericParameter(of: owner, in: schema) {
                case .site(let s):
                    steps.append(Step(line: lineIndex(s), node: entry.node, outcome: entry.outcome, call: entry.call, traceIndex: index))
                case .ambiguous(let sites):
                    let candidates = sites.map(lineIndex)
                    steps.append(
                        Step(
                            line: candidates[0], node: entry.node, outcome: entry.outcome, call: entry.call, traceIndex: index,
                            candidateLines: candidates))
                case .none:
                    continue
                }
            }
            let node = report.trace[first].node ?? 0
            return InitWalkthrough(type: .named(qualifiedName: owner, arguments: []), node: node, lines: lines, steps: steps, keyNodes: [:])
        }
    }
}
