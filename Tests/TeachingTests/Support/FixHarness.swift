import DecodingEngine
import Foundation
import JSONTree
import ModelSchema
import TestSupport

@testable import Teaching

/// Compiles fixed models with `swiftc` and decodes the payloads with Foundation's JSONDecoder:
/// one program for every case, each case's model in its own namespace (an enum), the helper
/// types once at top level. Prints one line per case: `ok` or `error <kind> <codingPath>` (and the key, for keyNotFound).
enum FixHarness {
    struct Case {
        var name: String
        var sample: Sample
        var fix: Fix
        /// The error the fix was offered for.
        var target: LocatedDecodingError
    }

    static let support = #"""
        import Foundation

        struct HarnessKey: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
            init?(intValue: Int) { stringValue = String(intValue); self.intValue = intValue }
        }
        enum Step { case key(String), index(Int) }
        struct HarnessSkip: Decodable { init(from decoder: any Decoder) throws {} }
        nonisolated(unsafe) var harnessSteps: [Step] = []
        enum HarnessContainer { case k(KeyedDecodingContainer<HarnessKey>), u(any UnkeyedDecodingContainer) }

        /// Decodes T at `harnessSteps` by walking nested containers, as apps do.
        struct AtPath<T: Decodable>: Decodable {
            let value: T
            init(from decoder: any Decoder) throws {
                let steps = harnessSteps
                var c: HarnessContainer
                if case .key = steps[0] { c = .k(try decoder.container(keyedBy: HarnessKey.self)) } else { c = .u(try decoder.unkeyedContainer()) }
                for (i, s) in steps.enumerated() {
                    let next: Step? = i + 1 < steps.count ? steps[i + 1] : nil
                    switch (c, s) {
                    case (.k(let k), .key(let name)):
                        let key = HarnessKey(stringValue: name)
                        switch next {
                        case nil: value = try k.decode(T.self, forKey: key); return
                        case .key?: c = .k(try k.nestedContainer(keyedBy: HarnessKey.self, forKey: key))
                        case .index?: c = .u(try k.nestedUnkeyedContainer(forKey: key))
                        }
                    case (.u(var u), .index(let n)):
                        while u.currentIndex < n { _ = try u.decode(HarnessSkip.self) }
                        switch next {
                        case nil: value = try u.decode(T.self); return
                        case .key?: c = .k(try u.nestedContainer(keyedBy: HarnessKey.self))
                        case .index?: c = .u(try u.nestedUnkeyedContainer())
                        }
                    default: fatalError("bad path")
                    }
                }
                fatalError("empty path")
            }
        }

        func pathText(_ path: [any CodingKey]) -> String {
            path.map { k in k.intValue.map { "[\($0)]" } ?? "." + k.stringValue }.joined()
        }

        func report(_ name: String, _ body: () throws -> Void) {
            do {
                try body()
                print("\(name) ok")
            } catch let e as DecodingError {
                switch e {
                case .keyNotFound(let k, let c): print("\(name) error keyNotFound \(pathText(c.codingPath)) \(k.stringValue)")
                case .typeMismatch(_, let c): print("\(name) error typeMismatch \(pathText(c.codingPath))")
                case .valueNotFound(_, let c): print("\(name) error valueNotFound \(pathText(c.codingPath))")
                case .dataCorrupted(let c): print("\(name) error dataCorrupted \(pathText(c.codingPath))")
                @unknown default: print("\(name) error unknown")
                }
            } catch {
                print("\(name) error other")
            }
        }

        func formatter(_ format: String) -> DateFormatter {
            let f = DateFormatter()
            f.dateFormat = format
            f.locale = Locale(identifier: "en_US_POSIX")
            f.timeZone = TimeZone(identifier: "UTC")
            return f
        }

        """#

    /// The outcome line of each case, in order.
    static func run(_ cases: [Case]) throws -> [String] {
        var files = ["main.swift": support + cases.indices.map { "Case\($0).run()" }.joined(separator: "\n") + "\n"]
        files["Helpers.swift"] =
            "import Foundation\n\n" + [HelperSource.losslessValue, .emptyAsNil, .lossyArray].map(\.code).joined(separator: "\n")
        for (i, c) in cases.enumerated() { files["Case\(i).swift"] = try source(c, name: "Case\(i)") }
        let folder = try Swiftc.folder(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        let names = files.keys.sorted { $0 == "main.swift" ? true : $1 == "main.swift" ? false : $0 < $1 }
        // At the lowest priority: the timing-sensitive end-to-end tests (tmux) run beside it.
        let compile = try Swiftc.execute(
            "/usr/bin/nice", ["-n", "19", Swiftc.path, "-Onone", "-swift-version", "5"] + names + ["-o", "harness"], in: folder)
        guard compile.status == 0 else { throw Swiftc.Failure(description: "the fixed models did not compile:\n\(compile.output)") }
        let run = try Swiftc.execute(folder.appendingPathComponent("harness").path, [], in: folder)
        guard run.status == 0 else { throw Swiftc.Failure(description: "the harness failed:\n\(run.output)") }
        return run.output.split(separator: "\n").map(String.init)
    }

    /// One case: the fixed model (helpers removed: they are compiled once), the decoder as the
    /// sample and the fix set it, and the decode call the fix asks for.
    static func source(_ c: Case, name: String) throws -> String {
        let modelPath = c.sample.folder.appendingPathComponent("Models.swift").path
        var models = try String(contentsOfFile: modelPath, encoding: .utf8)
        if let change = c.fix.changes.first(where: { $0.path == modelPath }) { models = change.edited }
        for helper in [HelperSource.losslessValue, .emptyAsNil, .lossyArray] {
            models = models.replacingOccurrences(of: helper.code, with: "")
        }
        models = models.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("import ") }.joined(separator: "\n")
        let options = c.sample.context.options
        var setup = ["let decoder = JSONDecoder()"]
        if options.keys == .convertFromSnakeCase { setup.append("decoder.keyDecodingStrategy = .convertFromSnakeCase") }
        switch options.dates {
        case .iso8601: setup.append("decoder.dateDecodingStrategy = .iso8601")
        case .secondsSince1970: setup.append("decoder.dateDecodingStrategy = .secondsSince1970")
        case .millisecondsSince1970: setup.append("decoder.dateDecodingStrategy = .millisecondsSince1970")
        case .formatted(let f): setup.append("decoder.dateDecodingStrategy = .formatted(formatter(\(SwiftNames.literal(f))))")
        case .deferredToDate: break
        }
        if let setting = c.fix.decoderSetting { setup.append(setting.swift) }
        let payload = c.sample.folder.appendingPathComponent("payload.json").path
        var steps = NodePath(of: c.sample.context.rootNode, in: c.sample.context.tree).components.map { component -> String in
            switch component {
            case .key(let k): ".key(\(SwiftNames.literal(options.keys == .convertFromSnakeCase ? SnakeCase.convert(k) : k)))"
            case .index(let i), .keyOrIndex(let i): ".index(\(i))"
            }
        }
        var decode = "_ = try decode(\(c.sample.file.type).self)"
        var extra = ""
        if let call = c.fix.decodeCall {
            if call.swift.contains("from: data") {
                decode = call.swift
            } else {
                extra =
                    "struct FixedCall: Decodable {\n    init(from decoder: any Decoder) throws {\n"
                    + call.swift.split(separator: "\n").map { "        " + $0 }.joined(separator: "\n") + "\n    }\n}\n"
                decode = "_ = try decoder.decode(FixedCall.self, from: data)"
                steps = []
            }
        }
        return """
            import Foundation
            enum \(name) {
            \(models)
            \(extra)
                static func run() {
                    \(setup.joined(separator: "\n"))
                    let data = try! Data(contentsOf: URL(fileURLWithPath: \(SwiftNames.literal(payload))))
                    harnessSteps = [\(steps.joined(separator: ", "))]
                    func decode<T: Decodable>(_ type: T.Type) throws -> T {
                        harnessSteps.isEmpty ? try decoder.decode(T.self, from: data) : try decoder.decode(AtPath<T>.self, from: data).value
                    }
                    report(\(SwiftNames.literal(c.name))) {
                        \(decode)
                    }
                }
            }

            """
    }
}
