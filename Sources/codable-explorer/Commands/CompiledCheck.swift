import ArgumentParser
import DecodingEngine
import Foundation
import JSONTree
import ModelSchema

/// `check` in compiled mode: the user's own code decides, built by their swiftc.
///
/// `--mode auto` (the default) keeps the schema engine wherever it is exact (every type the decode can
/// reach is synthesized Codable the schema reads) and compiles otherwise: a hand-written `init(from:)`,
/// a property wrapper, a container overload, a model the schema thinks does not compile (swiftc is the
/// judge), or `--decoder`.
struct CompiledCheck {
    enum Mode: String, ExpressibleByArgument, CaseIterable, Sendable { case auto, schema, compiled }

    let command: Check

    /// Runs the check in compiled mode when it needs it; false when the schema engine should answer.
    func runIfNeeded() throws -> Bool {
        if command.mode == .schema {
            if command.decoder != nil { fail("--decoder runs the app's own decoder: it needs --mode auto or compiled") }
            return false
        }
        if command.decoder != nil && command.strategies.isCustomized {
            fail("--decoder is the app's configured JSONDecoder: leave out the strategy flags (the app's decoder is the truth)")
        }
        let schema: Schema
        do { schema = try Schema.load(paths: command.models) } catch { fail(error.description) }
        guard let reason = compiledModeReason(schema) else { return false }
        if command.allErrors {
            fail("\(reason); compiled mode reports the first error only (--all-errors needs a model the schema engine reads exactly)")
        }
        try run(models: schema.sources, reason: reason)
        return true
    }

    /// Why this check needs the model's own compiled code, or nil when the schema engine is exact for it.
    func compiledModeReason(_ schema: Schema) -> String? {
        if command.mode == .compiled { return "--mode compiled" }
        if command.decoder != nil { return "--decoder" }
        if let error = schema.diagnostics.first(where: { $0.severity == .error }) {
            return "the schema engine reads the model as not compiling (\(error)); swiftc decides"
        }
        guard let type = try? schema.resolve(command.type) else {
            // A type expression the schema cannot resolve in a model it reads whole names nothing
            // swiftc would find either: the schema's answer (with its near matches) is the clearer one.
            let unreadable = schema.types.values.contains { $0.decoding == nil && $0.issues.contains { $0.severity != .warning } }
            return unreadable ? "the schema engine cannot resolve \(command.type); swiftc decides" : nil
        }
        return Self.firstUninterpretable(from: type, in: schema).map { "\($0.location): \($0.message)" }
    }

    /// The first type reachable from `type` that the schema engine cannot decode exactly, with why.
    static func firstUninterpretable(from type: TypeRef, in schema: Schema) -> SchemaDiagnostic? {
        var stack = [type], seen: Set<TypeRef> = []
        while let next = stack.popLast() {
            guard seen.insert(next).inserted else { continue }
            switch next {
            case .scalar, .genericParameter: continue
            case .optional(let t), .array(let t), .set(let t): stack.append(t)
            case .dictionary(let k, let v): stack += [k, v]
            case .named(let name, _):
                guard let typeSchema = schema.typeSchema(for: next) else { continue }
                if typeSchema.decoding == nil, let why = schema.types[name]?.issues.first(where: { $0.severity != .warning }) {
                    return why
                }
                stack += typeSchema.properties.filter(\.isDecoded).compactMap(\.type)
                stack += typeSchema.cases.flatMap { $0.associatedValues.map(\.type) }
                if case .inherited(let superclass)? = typeSchema.decoding { stack.append(.named(qualifiedName: superclass, arguments: [])) }
            }
        }
        return nil
    }

    private func run(models: [ModelSource], reason: String) throws {
        let bytes: [UInt8]
        do { bytes = try PayloadInput.read(command.payload) } catch { fail(error.description) }
        var payloadPath = command.payload
        if payloadPath == "-" {
            do { payloadPath = try PayloadInput.temporaryCopy(bytes) } catch { fail(error.description) }
        }
        var options: DecodeOptions
        do { options = try command.strategies.decodeOptions() } catch { fail(error.message) }
        let tree = try? JSONTree.parse(bytes, options: .init(json5: options.allowsJSON5, detectsDuplicateKeys: false))
        var node: NodeID?
        var pathText = "$"
        if !command.path.isEmpty {
            let nodePath: NodePath
            do { nodePath = try NodePath(parsing: command.path) } catch { fail("--path: \(error.message)") }
            guard let tree else { fail("--path \(nodePath): the payload is not valid JSON") }
            switch nodePath.resolve(in: tree) {
            case .success(let found):
                node = found
                if case .success(let settled) = nodePath.resolved(in: tree) { pathText = settled.description }
            case .failure(let error): fail("--path \(nodePath): \(error.message)")
            }
        }
        let decoder = CompiledDecoder(models: models, typeExpressions: [command.type], decoderExpression: command.decoder)
        var report: DecodeReport
        do {
            report = try decoder.decode(command.type, payloadPath: payloadPath, tree: tree, at: node, options: options,
                                        wantsValue: command.format == .json)
        } catch .compilerNotFound {
            fail("\(reason): this needs compiled mode, and compiled mode needs swiftc, which was not found on PATH (set SWIFTC to its path)")
        } catch {
            fail(error.description)
        }
        if tree == nil {
            do { _ = try JSONTree.parse(bytes, options: .init(json5: options.allowsJSON5)) } catch { report.parseError = error }
        }
        switch command.format {
        case .json:
            var output = CheckOutput(report: report, typeExpression: command.type, path: pathText)
            output.mode = "compiled"
            print(output.json)
        case .text:
            print(text(report, bytes: bytes, pathText: pathText, reason: reason))
        }
        if !report.ok { throw ExitCode(1) }
    }

    private func text(_ report: DecodeReport, bytes: [UInt8], pathText: String, reason: String) -> String {
        let file = TerminalSafeText.escape(PayloadInput.displayName(command.payload))
        let type = TerminalSafeText.escape(command.type)
        if report.ok { return "\(file): ok: \(type) decoded at \(pathText) (compiled mode)" }
        var out: [String] = []
        for error in report.errors {
            let path = error.codingPath.isEmpty ? "" : " at " + error.codingPath.readableText
            let thrown = error.errorType.map { " (\(TerminalSafeText.escape($0)))" } ?? ""
            let message = "\(error.kind.rawValue)\(path)\(thrown): \(TerminalSafeText.escape(error.debugDescription))"
            let location = error.location ?? report.parseError?.location ?? SourceLocation(line: 1, column: 1, offset: 0)
            out.append(PayloadDiagnostic(severity: .error, message: message, location: location)
                .rendered(file: PayloadInput.displayName(command.payload), payload: bytes))
        }
        out.append("note: decided by the model's own code compiled with swiftc (compiled mode: \(TerminalSafeText.escape(reason)))")
        out.append("note: explanations and fixes are not available in compiled mode yet")
        return out.joined(separator: "\n")
    }

    private func fail(_ message: String) -> Never {
        PayloadInput.complain(message)
        Foundation.exit(2)
    }
}
