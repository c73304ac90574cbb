import Foundation
import JSONTree
import ModelInference

/// `infer`: Swift Codable models for a payload, or for the node at a key path, that decode it
/// with JSONDecoder as they are; or (``captureOutcome()``) for every body of a capture that the
/// routes of one type decode.
public struct InferRun {
    /// The payload file, or `-` for standard input.
    public var payload: String
    /// The key path of the node to infer models for, as typed.
    public var path: String
    /// The root type's name.
    public var name: String
    /// camelCase properties for snake_case keys, decoded with `.convertFromSnakeCase`.
    public var snakeCase: Bool
    /// Small closed sets of strings become String raw-value enums.
    public var enums: Bool
    /// With a capture: the routes file, the type of the routes to infer, JSON Lines asked for.
    public var routes: String?
    public var type: String?
    public var jsonLines: Bool

    public init(
        payload: String, path: String, name: String, snakeCase: Bool, enums: Bool, routes: String?, type: String?, jsonLines: Bool
    ) {
        self.payload = payload
        self.path = path
        self.name = name
        self.snakeCase = snakeCase
        self.enums = enums
        self.routes = routes
        self.type = type
        self.jsonLines = jsonLines
    }

    /// What `infer` prints, or why it cannot run.
    public enum Outcome: Equatable {
        /// The Swift file, for standard output.
        case models(String)
        /// The payload is not what JSONDecoder accepts: diagnostics, for standard error.
        case invalidPayload(String)
    }

    public func run() throws(ExitStatus) {
        let outcome = try CommandFailure.orExit { () throws(CommandFailure) in try isCapture ? captureOutcome() : self.outcome() }
        switch outcome {
        case .models(let source):
            print(source, terminator: "")
        case .invalidPayload(let diagnostics):
            FileHandle.standardError.write(Data((diagnostics + "\n").utf8))
            throw .failure
        }
    }

    public var options: InferenceOptions {
        InferenceOptions(
            rootName: name, keyStrategy: snakeCase ? .convertFromSnakeCase : .useDefaultKeys, stringEnums: enums)
    }

    public func outcome() throws(CommandFailure) -> Outcome {
        let options = self.options
        if let problem = options.rootNameProblem {
            throw .rootName(name, problem: problem)
        }
        let nodePath: NodePath
        do { nodePath = try NodePath(parsing: path) } catch { throw .pathSyntax(error) }
        let bytes: [UInt8]
        bytes = try PayloadInput.read(payload)

        let fileName = PayloadInput.displayName(payload)
        let report = ValidationReport(payload: bytes, options: .init())
        guard report.accepted, let tree = report.tree else {
            return .invalidPayload(report.text(file: fileName, payload: bytes))
        }
        let node: NodeID
        switch nodePath.resolve(in: tree) {
        case .success(let found): node = found
        case .failure(let error): throw .pathNotInPayload(nodePath, error)
        }
        let settled = (try? nodePath.resolved(in: tree).get()) ?? nodePath
        let models: InferredModels
        do { models = try ModelInferrer(options).infer(tree: tree, at: node) } catch { throw .inference(error) }
        let what = settled.isRoot ? "the payload" : "the JSON of the node at \(settled)"
        let header = [
            "// Models for \(settled) of \(TerminalSafeText.escape(fileName)), inferred by `codable-explorer infer`.",
            "// Decode \(what) with: try makeDecoder().decode(\(models.rootTypeName).self, from: data)",
        ]
        return .models(header.joined(separator: "\n") + "\n" + models.swiftSource)
    }
}
