import Foundation
import JSONTree
import ModelInference
import TestSupport

/// Compiles inferred models with `swiftc` and decodes each payload with the generated
/// `makeDecoder()`, all cases in one program: each case's models live in their own `enum
/// CaseN`, and one `main.swift` decodes every payload, re-encodes the value and prints one
/// line per case: `ok`, `failed <error>` or `dropped <key paths>`.
///
/// "dropped" means a key path with a non-null value in the payload is missing after the
/// round trip: the model ignored data (nulls are left out, as `encodeIfPresent` leaves them).
/// The compiled program is kept in the temporary folder under a hash of its sources, so an
/// unchanged run does not compile again.
enum CompiledRoundTrip {

    struct Case: Sendable {
        var label: String
        /// The payload the models are inferred from.
        var payload: URL
        var options: InferenceOptions
        /// The key path of the node to infer for (the root when nil): the program then
        /// decodes that node's JSON text, cut out of the payload.
        var path: String?
        /// The payload they decode, when not the same (for the controls that must fail).
        var decoding: URL?

        init(label: String, payload: URL, options: InferenceOptions, path: String? = nil, decoding: URL? = nil) {
            self.label = label
            self.payload = payload
            self.options = options
            self.path = path
            self.decoding = decoding
        }
    }

    struct Outcome: Sendable {
        /// One line per case label.
        var lines: [String: String]
        /// The compiler's diagnostics (warnings), empty when it said nothing.
        var compilerOutput: String
        /// The sources by case label, for failure messages.
        var sources: [String: String]
    }

    enum Failure: Error, CustomStringConvertible {
        case inference(String, String)
        case compile(String)
        case run(String)
        var description: String {
            switch self {
            case let .inference(label, message): "\(label): inference failed: \(message)"
            case let .compile(output): "the generated models did not compile:\n\(output.prefix(6000))"
            case let .run(output): "the round-trip program failed:\n\(output.prefix(6000))"
            }
        }
    }

    static func run(_ cases: [Case]) throws -> Outcome {
        var files: [(name: String, text: String)] = []
        var sources: [String: String] = [:]
        var main = HarnessMain.support
        for (k, c) in cases.enumerated() {
            let bytes = try Payloads.bytes(c.payload)
            let models: InferredModels
            var decoding = c.decoding ?? c.payload
            do {
                let tree = try JSONTree.parse(bytes)
                var node = tree.root
                if let path = c.path {
                    node = try NodePath(parsing: path).resolve(in: tree).get()
                    decoding = try subPayload(tree.rawText(node), label: c.label)
                }
                models = try ModelInferrer(c.options).infer(tree: tree, at: node)
            } catch {
                throw Failure.inference(c.label, "\(error)")
            }
            let namespace = "Case\(k)"
            let source = models.swiftSource(namespace: namespace)
            sources[c.label] = source
            files.append(("\(namespace).swift", "import Foundation\n\n" + source))
            let snake = c.options.keyStrategy == .convertFromSnakeCase
            main +=
                "check(\(literal(c.label)), \(namespace).\(models.rootTypeName).self, \(namespace).makeDecoder(), \(literal(decoding.path)), snake: \(snake))\n"
        }
        files.append(("main.swift", main))

        let arguments = ["-Onone", "-swift-version", "6"] + files.map(\.name) + ["-o", "roundtrip"]
        let key = fnv1a(arguments.joined(separator: " ") + files.map { $0.name + "\n" + $0.text }.joined(separator: "\u{0}"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("model-inference-roundtrip-" + String(key, radix: 16))
        let binary = folder.appendingPathComponent("roundtrip")
        let log = folder.appendingPathComponent("compiler-output.txt")
        if !FileManager.default.isExecutableFile(atPath: binary.path) {
            try? FileManager.default.removeItem(at: folder)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in files {
                try file.text.write(to: folder.appendingPathComponent(file.name), atomically: true, encoding: .utf8)
            }
            // The driver's TemporaryDirectory.* stays in the build's folder, not in /tmp.
            let compile = try Swiftc.run(arguments, in: folder)
            guard compile.status == 0 else { throw Failure.compile(compile.output) }
            try compile.output.write(to: log, atomically: true, encoding: .utf8)
            removeStaleBuilds(keeping: folder)
        }
        let compilerOutput = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let run = try execute(binary.path, [], in: folder)
        guard run.status == 0 else { throw Failure.run(run.output) }
        var lines: [String: String] = [:]
        for line in run.output.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1)
            if parts.count == 2 { lines[String(parts[0])] = String(parts[1]) }
        }
        return Outcome(lines: lines, compilerOutput: compilerOutput, sources: sources)
    }

    /// Removes the programs of earlier sources (some 45 MB each) not used for an hour.
    static func removeStaleBuilds(keeping current: URL) {
        let temporary = FileManager.default.temporaryDirectory
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        for name in names where name.hasPrefix("model-inference-roundtrip-") && name != current.lastPathComponent {
            let url = temporary.appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate]) as? Date
            if let modified, modified.timeIntervalSinceNow < -3600 { try? FileManager.default.removeItem(at: url) }
        }
    }

    /// The JSON text of one node, as a file of its own.
    static func subPayload(_ text: String, label: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("model-inference-nodes")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent(String(fnv1a(label), radix: 16) + ".json")
        let data = Data(text.utf8)
        if (try? Data(contentsOf: url)) != data { try data.write(to: url, options: .atomic) }
        return url
    }

    static func execute(_ path: String, _ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        try ProcessRunner.runCombined(path, arguments, in: folder)
    }

    static func literal(_ text: String) -> String { FoundationOracle.swiftLiteral(text) }

    /// A hash that is the same in every process (Swift's `Hasher` is seeded per process).
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return hash
    }
}
