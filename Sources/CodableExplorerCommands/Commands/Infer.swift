import ArgumentParser
import CommandRuns
import Foundation
import JSONTree
import ModelInference

/// `infer`: Swift Codable models for a payload, or for the node at a key path, that decode it
/// with JSONDecoder as they are.
struct Infer: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print Swift Codable models that decode a payload (or the node at a key path) with JSONDecoder.",
        discussion: """
            The output is one self-contained Swift file: the types, and `func makeDecoder() -> JSONDecoder` \
            set up for the strategies they rely on, so `try makeDecoder().decode(Root.self, from: data)` works as is.
            Exit status: 0 models printed, 1 the payload is not valid JSON (diagnostics on stderr, as `validate` \
            prints them), 2 the command could not run.

            Example:
              codable-explorer infer api.json --path data.items --name Item > Item.swift
            """
    )

    enum KeyStrategy: String, ExpressibleByArgument, CaseIterable {
        case `default`
        case snakeCase = "snake-case"
    }

    @Argument(help: "The payload file, or - for standard input.")
    var payload: String

    @Option(help: "The key path of the node to infer models for (default: the root).")
    var path: String = ""

    @Option(help: "The name of the root type.")
    var name: String = "Root"

    @Option(
        name: .customLong("key-strategy"),
        help: "default (properties named as the keys) or snake-case (camelCase properties, .convertFromSnakeCase).")
    var keyStrategy: KeyStrategy = .default

    @Flag(help: "Make small closed sets of strings into String raw-value enums.")
    var enums = false

    @Option(
        help: ArgumentHelp(
            "With a capture (HAR, JSON Lines, a folder of responses): the routes file saying which type decodes which response.",
            valueName: "file"))
    var routes: String?

    @Option(help: "With a capture: the type of the routes to infer (User for a route of [User]); every body it decodes is merged.")
    var type: String?

    @Flag(name: .customLong("json-lines"), help: "Read the payload as JSON Lines: each line is one sample of the type.")
    var jsonLines = false

    /// What `infer` prints, or why it cannot run.
    enum Outcome: Equatable {
        /// The Swift file, for standard output.
        case models(String)
        /// The payload is not what JSONDecoder accepts: diagnostics, for standard error.
        case invalidPayload(String)
    }

    func run() throws {
        let outcome: Outcome
        do {
            outcome = try isCapture ? captureOutcome() : self.outcome()
        } catch {
            PayloadInput.complain(error)
            throw ExitCode(2)
        }
        switch outcome {
        case .models(let source):
            print(source, terminator: "")
        case .invalidPayload(let diagnostics):
            FileHandle.standardError.write(Data((diagnostics + "\n").utf8))
            throw ExitCode(1)
        }
    }

    var options: InferenceOptions {
        InferenceOptions(
            rootName: name, keyStrategy: keyStrategy == .snakeCase ? .convertFromSnakeCase : .useDefaultKeys,
            stringEnums: enums)
    }

    func outcome() throws(CommandFailure) -> Outcome {
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
