import Foundation

/// `ce-bench package`: what checking models in their SwiftPM package costs the user, end to end.
///
/// A package is written with a core target (a hand-written type) and a models target of 20 files
/// (``CompiledModeBenchmark/modelFiles()``) that depends on it. Baselines measured in the same run:
/// the user's own `swift build --target Models` from nothing and after one file is edited. Contestants:
/// `check --package` on a package it has never built (the runner library already built, as after
/// the first use of the tool), after one file of the target is edited, and with nothing changed.
enum PackageModeBenchmark {
    static let usage = """
        usage: ce-bench package [--runs N] [--pages N] [--binary PATH] [--keep DIR]

          Writes a package (Core with a hand-written type; Models, 20 files, depending on it) and a
          payload (--pages records, default 400), then measures in this run: swift build --target
          Models into a new scratch folder (baseline for the first check) and after one file is
          edited (baseline for a save), check --package on the package new to it, after one file of
          Models is edited, and with nothing changed; medians of --runs (default 3).
          The binary is codable-explorer beside this ce-bench unless --binary says otherwise.
        """

    static func main(_ arguments: [String]) throws {
        guard let options = try BenchOptions(arguments, runs: 3, pages: 400, usage: usage) else { return }
        let (runs, pages, binary, keep) = (options.runs, options.pages, options.binary, options.keep)
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError.usage("no codable-explorer at \(binary): build it, or pass --binary")
        }
        let folder = options.folder("package")
        defer { if keep == nil { try? FileManager.default.removeItem(at: folder) } }
        let package = try writePackage(in: folder)
        let payload = folder.appendingPathComponent("payload.json")
        try Data(CompiledModeBenchmark.payloadText(pages: pages).utf8).write(to: payload)
        let size = (try? FileManager.default.attributesOfItem(atPath: payload.path)[.size] as? Int) ?? 0

        let edited = package.appendingPathComponent("Sources/Models/Model08.swift")
        let original = try String(contentsOf: edited, encoding: .utf8)
        var edits = 0
        let edit = {
            edits += 1
            try (original + "// edit \(edits)\n").write(to: edited, atomically: true, encoding: .utf8)
        }
        let build = { (scratch: URL) throws -> Double in
            try CompiledModeBenchmark.timed(
                "/usr/bin/env", ["swift", "build", "--package-path", package.path, "--scratch-path", scratch.path, "--target", "Models"])
        }
        let check = { (cache: URL) throws -> Double in
            try CompiledModeBenchmark.timed(
                binary,
                ["check", payload.path, "--package", package.path, "--target", "Models", "--type", "Catalog", "--format", "json"],
                environment: ["XDG_CACHE_HOME": cache.path])
        }
        let coldBuilds = try (0..<runs).map { i -> Double in
            let scratch = folder.appendingPathComponent("scratch-\(i)")
            defer { try? FileManager.default.removeItem(at: scratch) }
            return try build(scratch)
        }
        let userScratch = folder.appendingPathComponent("user-scratch")
        _ = try build(userScratch)
        let editBuilds = try (0..<runs).map { _ in
            try edit(); return try build(userScratch)
        }

        // The runner library is built once per toolchain: a cache that has it, and no package build.
        // (The cache is not copied: clang's module cache inside it records its own path.)
        let warm = folder.appendingPathComponent("cache")
        let packages = warm.appendingPathComponent("codable-explorer/runners/packages")
        _ = try check(warm)
        let firstChecks = try (0..<runs).map { _ -> Double in
            try FileManager.default.removeItem(at: packages)
            return try check(warm)
        }
        let editChecks = try (0..<runs).map { _ in
            try edit(); return try check(warm)
        }
        let cachedChecks = try (0..<runs).map { _ in try check(warm) }
        try original.write(to: edited, atomically: true, encoding: .utf8)

        let cold = CompiledModeBenchmark.median(coldBuilds), incremental = CompiledModeBenchmark.median(editBuilds)
        let first = CompiledModeBenchmark.median(firstChecks), afterEdit = CompiledModeBenchmark.median(editChecks)
        let cached = CompiledModeBenchmark.median(cachedChecks)
        print("package mode: Core (a hand-written type) and Models (20 files) in a package, payload \(size) bytes, \(pages) records")
        print(String(format: "  baseline  swift build --target Models, new scratch folder:     %7.2f s", cold))
        print(String(format: "  baseline  swift build --target Models after one file edited:  %7.2f s", incremental))
        print(
            String(format: "  check --package, a package new to it (library built):      %7.2f s   %5.2fx the build", first, first / cold))
        print(
            String(
                format: "  check --package after one file of Models is edited:       %7.2f s   %5.2fx the incremental build", afterEdit,
                afterEdit / incremental))
        print(String(format: "  check --package, nothing changed:                         %7.2f s", cached))
    }

    /// The package: Core with a hand-written type, Models (the compiled benchmark's 20 files, one of
    /// them using Core's type) depending on it.
    static func writePackage(in folder: URL) throws -> URL {
        let package = folder.appendingPathComponent("Package")
        let core = package.appendingPathComponent("Sources/Core")
        let models = package.appendingPathComponent("Sources/Models")
        for made in [core, models] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
        try """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "Bench",
            targets: [.target(name: "Core"), .target(name: "Models", dependencies: ["Core"])]
        )

        """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try """
        public struct Score: Decodable, Sendable {
            public var value: Double
            public init(from decoder: Decoder) throws {
                value = try decoder.singleValueContainer().decode(Double.self)
            }
        }

        """.write(to: core.appendingPathComponent("Score.swift"), atomically: true, encoding: .utf8)
        for (name, text) in CompiledModeBenchmark.modelFiles() {
            var text = text
            if name == "Model02.swift" {
                text = text.replacingOccurrences(of: "import Foundation\n", with: "import Core\nimport Foundation\n")
                    .replacingOccurrences(of: "let score: Double", with: "let score: Score")
            }
            try text.write(to: models.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        return package
    }
}
