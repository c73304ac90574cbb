import DecodingEngine
import JSONTree
import ModelSchema

/// Everything `check` needs, gathered and validated before anything is decoded.
struct CheckJob {
    struct Unrunnable: Error, CustomStringConvertible {
        var description: String
    }

    var payloadName: String
    /// A file holding the payload (for standard input, a temporary copy the worker can read).
    var payloadPath: String
    var bytes: [UInt8]
    var tree: JSONTree?
    var node: NodeID?
    var pathText: String
    var type: TypeRef
    var engine: DecodingEngine
    var options: DecodeOptions

    static func prepare(_ command: Check) throws(Unrunnable) -> CheckJob {
        var options: DecodeOptions
        do { options = try command.strategies.decodeOptions() } catch { throw Unrunnable(description: error.message) }
        options.allErrors = command.allErrors
        options.tracesCalls = command.trace
        guard !command.models.isEmpty else { throw Unrunnable(description: "no model given: pass --model FILE or --model DIR") }
        let schema: Schema
        do { schema = try Schema.load(paths: command.models) } catch { throw Unrunnable(description: error.description) }
        if let problem = schema.diagnostics.first(where: { $0.severity == .error }) {
            throw Unrunnable(description: "the model does not compile: \(problem)")
        }
        let type: TypeRef
        do { type = try schema.resolve(command.type) } catch { throw Unrunnable(description: error.description) }
        let path: NodePath
        do { path = try NodePath(parsing: command.path) } catch { throw Unrunnable(description: "--path: \(error.message)") }
        let bytes: [UInt8]
        do { bytes = try PayloadInput.read(command.payload) } catch { throw Unrunnable(description: error.description) }

        var payloadPath = command.payload
        if payloadPath == "-" {
            do { payloadPath = try PayloadInput.temporaryCopy(bytes) } catch { throw Unrunnable(description: error.description) }
        }
        var job = CheckJob(payloadName: PayloadInput.displayName(command.payload), payloadPath: payloadPath, bytes: bytes, tree: nil, node: nil,
                           pathText: path.description, type: type, engine: DecodingEngine(schema: schema), options: options)
        // An invalid payload is a verdict (exit 1), reported by decoding; a path into a valid
        // payload that leads nowhere means the command cannot run (exit 2).
        if let tree = try? JSONTree.parse(bytes, options: .init(json5: options.allowsJSON5, detectsDuplicateKeys: false)) {
            switch path.resolve(in: tree) {
            case .success(let node):
                job.tree = tree
                job.node = node
                if case .success(let settled) = path.resolved(in: tree) { job.pathText = settled.description }
            case .failure(let error):
                throw Unrunnable(description: "--path \(path): \(error.message)")
            }
        }
        return job
    }

    func run() -> DecodeReport {
        if let tree, let node {
            return engine.decode(type, payload: bytes, tree: tree, at: node, options: options)
        }
        return engine.decode(type, payload: bytes, options: options)
    }
}
