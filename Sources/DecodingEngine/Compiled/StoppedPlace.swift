import CodableExplorerRunner
import JSONTree

/// Where the model's code was when its decode was stopped at the time limit: the last container
/// call the trace recorded, the initializer that made it, and what ties it to a line of the
/// user's source (the worker finds that line in the model: ``CompiledCallSite``).
public struct StoppedPlace: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The call as Swift: `decode(Int.self, forKey: "id")`.
    public var call: String
    /// The model type whose `init(from:)` made it, when the trace says.
    public var owner: String?
    /// The coding path of the value it was about (`items[3].id`).
    public var path: String
    public var site: CompiledCallSite?

    /// From the runner's last calls (the running initializer's `init` record, then the last call).
    init?(_ calls: [RunnerCall], tree: JSONTree?, keys: DecodeOptions.KeyStrategy) {
        guard let last = calls.last else { return nil }
        path = (last.p.map(CompiledTrace.component) + (last.k.map { [CompiledTrace.component($0)] } ?? [])).readableText
        if last.c == "init" {
            owner = CompiledTrace.schemaName(last.t ?? "")
            call = "init(from:)"
            return
        }
        owner = calls.count > 1 ? calls[0].t.map(CompiledTrace.schemaName) : nil
        let (_, method) = CompiledTrace.split(last.c)
        call = CompiledTrace.text(last, method: method)
        if let tree, calls.count > 1 {
            site = CompiledTrace(calls: calls).entries(tree: tree, keys: keys, errors: []).last?.site
        }
    }

    public var description: String {
        "\(call)\(owner.map { " in \($0).init(from:)" } ?? "")\(path.isEmpty ? "" : " at \(path)")"
    }
}
