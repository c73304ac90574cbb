import Foundation

/// `ce-bench compiled`: what compiled mode costs the user, end to end, on a 20-file model folder.
///
/// Baselines measured in the same run: the folder compiled with `swiftc -Onone` and a trivial main
/// (the compile the user waits for in their own build), the same with `-j` one job a core (as the
/// tool and build systems run swiftc), and the folder compiled with `swiftc -O` into
/// a program that decodes the payload with `JSONDecoder` (its run time). Contestants: `check` with an
/// empty cache (the runner library installed from the tool's own build, then the runner), the same
/// by a copy of the binary outside its build folder (the library from the build folder it remembers),
/// and by that copy with its build gone (it builds the library), by the binary `install` put under a
/// prefix with the runner library beside it, its build gone, of a model folder new to the cache
/// (the runner alone: what each new model pays), the same with verified fixes of a missing key
/// (the runner, then each candidate compiled), the explorer from a save of one file to its new
/// verdict, after one model file is edited (the
/// runner again, the library kept), with the runner cached, and with it cached on a failing payload.
enum CompiledModeBenchmark {
    static let usage = """
        usage: ce-bench compiled [--runs N] [--pages N] [--binary PATH] [--keep DIR]

          Writes a folder of 20 model files (5 with hand-written init(from:), so check compiles)
          and a payload (--pages records, default 4000, about 4 MB), then measures in this run:
          swiftc -Onone of the folder with a trivial main, with and without -j (one job a core;
          baselines for the compiles, compiled again before each compiling contestant's run), a swiftc -O
          program decoding the payload (baseline for the cached checks), check with an empty cache
          (the runner library from the tool's build folder; by a copy of the binary elsewhere, which
          finds that build folder; and by the copy with CODABLE_EXPLORER_RUNNER_SEED=off, as when
          the build is gone: it builds the library; and by the binary `install PREFIX` put
          under a prefix with the runner library beside it, its build gone as well),
          check of a copy of the folder new to the cache (the library built), the same on a payload
          missing a key with verified fixes (text output), check after one
          model file is edited, the explorer from a save of one file to its new verdict (tmux),
          check with the runner cached, and the same on a
          payload with one bad value, and on a small payload (40 records) valid and failing;
          medians of --runs (default 5; compiles: 2).
          The binary is codable-explorer beside this ce-bench unless --binary says otherwise.
        """

    static func main(_ arguments: [String]) throws {
        guard let options = try BenchOptions(arguments, runs: 5, pages: 4000, usage: usage) else { return }
        let (runs, pages, binary, keep) = (options.runs, options.pages, options.binary, options.keep)
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError.usage(
                "no codable-explorer at \(binary): build it with `swift build -c release --scratch-path .build-bench --product codable-explorer`, or pass --binary"
            )
        }
        let folder = options.folder("compiled")
        let models = folder.appendingPathComponent("Models")
        try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
        defer { if keep == nil { try? FileManager.default.removeItem(at: folder) } }
        for (name, text) in modelFiles() { try text.write(to: models.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        let payload = folder.appendingPathComponent("payload.json")
        try Data(payloadText(pages: pages).utf8).write(to: payload)
        let size = (try? FileManager.default.attributesOfItem(atPath: payload.path)[.size] as? Int) ?? 0

        let failing = folder.appendingPathComponent("failing.json")
        var failingText = try String(contentsOf: payload, encoding: .utf8)
        if let first = failingText.range(of: "\"score\": ") { failingText.replaceSubrange(first, with: "\"score\": \"x\", \"was\": ") }
        try Data(failingText.utf8).write(to: failing)

        // A small payload (what a check of one API response reads): its cost is the processes and the model's parse.
        let small = folder.appendingPathComponent("small.json")
        try Data(payloadText(pages: 40).utf8).write(to: small)
        let smallFailing = folder.appendingPathComponent("small-failing.json")
        var smallFailingText = try String(contentsOf: small, encoding: .utf8)
        if let first = smallFailingText.range(of: "\"score\": ") {
            smallFailingText.replaceSubrange(first, with: "\"score\": \"x\", \"was\": ")
        }
        try Data(smallFailingText.utf8).write(to: smallFailing)

        // A key missing in a type with a hand-written init(from:) (Type04's first record): check's text
        // offers verified fixes (decodeIfPresent, a default), each compiled and decoded again.
        let smallMissing = folder.appendingPathComponent("small-missing.json")
        var smallMissingText = try String(contentsOf: small, encoding: .utf8)
        if let first = smallMissingText.range(of: "{\"id\": 4, ") { smallMissingText.replaceSubrange(first, with: "{") }
        try Data(smallMissingText.utf8).write(to: smallMissing)

        let smallSize = (try? FileManager.default.attributesOfItem(atPath: small.path)[.size] as? Int) ?? 0
        let program = folder.appendingPathComponent("program")
        let trivial = folder.appendingPathComponent("trivial-program")
        try
            "import Foundation\nlet data = try! Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))\nlet catalog = try! JSONDecoder().decode(Catalog.self, from: data)\nprint(catalog.pages.count)\n"
            .write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        // A file is top-level code only when it is named main.swift.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("trivial"), withIntermediateDirectories: true)
        try "print(Catalog.self)\n".write(to: folder.appendingPathComponent("trivial/main.swift"), atomically: true, encoding: .utf8)
        let files = try FileManager.default.contentsOfDirectory(atPath: models.path).sorted().map { models.appendingPathComponent($0).path }
        // swiftc keeps its Clang module cache under XDG_CACHE_HOME: the baselines' lives here, and a
        // check with the tool's cache empty runs with the same XDG_CACHE_HOME, its `codable-explorer`
        // folder removed first, so that it meets the module cache the user's own builds have left,
        // not one built from nothing (a link to it is refused by Clang: another path).
        let compilerCache = folder.appendingPathComponent("compiler-cache")
        let emptyToolCache = { () throws -> URL in
            try? FileManager.default.removeItem(at: compilerCache.appendingPathComponent("codable-explorer"))
            return compilerCache
        }
        let compile = { (optimization: [String], main: String, output: URL) throws -> Double in
            try timed(
                "/usr/bin/env",
                ["swiftc"] + optimization + ["-module-name", "Models", "-o", output.path, folder.appendingPathComponent(main).path] + files,
                environment: ["XDG_CACHE_HOME": compilerCache.path])
        }
        let checkWith = { (tool: String, cache: URL, payload: URL, status: Int32, models: URL, seeds: Bool) throws -> Double in
            try timed(
                tool, ["check", payload.path, "--model", models.path, "--type", "Catalog", "--format", "json"],
                environment: ["XDG_CACHE_HOME": cache.path].merging(seeds ? [:] : ["CODABLE_EXPLORER_RUNNER_SEED": "off"]) { $1 },
                expectStatus: status)
        }
        let check = { (cache: URL, payload: URL, status: Int32, models: URL) throws -> Double in
            try checkWith(binary, cache, payload, status, models, true)
        }
        // The binary copied out of its build folder, as README.md installs it: no build of the runner
        // library lies beside it, so it looks in the build folder it remembers (RunnerLibrarySeed); and
        // the same with that switched off, as a binary whose build is gone (it compiles the library).
        let installed = folder.appendingPathComponent("installed/codable-explorer")
        try FileManager.default.createDirectory(at: installed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: URL(fileURLWithPath: binary), to: installed)
        // And as `install` puts it under a prefix (not timed): the library on the shelf beside it.
        let prefix = folder.appendingPathComponent("prefix")
        _ = try timed(binary, ["install", prefix.path], environment: ["XDG_CACHE_HOME": compilerCache.path])
        let shelved = prefix.appendingPathComponent("bin/codable-explorer")
        // The baselines are compiled again between the compiling contestants (and their median taken),
        // so that a load that changes during the run weighs on both sides.
        var ononeTimes: [Double] = [], ononeParallelTimes: [Double] = []
        let baselines = {
            ononeTimes.append(try compile(["-Onone"], "trivial/main.swift", trivial))
            // The tool runs swiftc with one job a core; a build system does too (SwiftPM, Xcode).
            ononeParallelTimes.append(try compile(["-Onone", "-j", "\(cores)"], "trivial/main.swift", trivial))
        }
        try baselines()
        _ = try compile(["-O"], "main.swift", program)
        let runTimes = try (0..<runs).map { _ in try timed(program.path, [payload.path]) }
        let coldTimes = try (0..<2).map { _ -> Double in
            try baselines()
            return try check(try emptyToolCache(), payload, 0, models)
        }
        let installedColdTimes = try (0..<2).map { _ -> Double in
            try baselines()
            return try checkWith(installed.path, try emptyToolCache(), payload, 0, models, true)
        }
        let buildGoneColdTimes = try (0..<2).map { _ -> Double in
            try checkWith(installed.path, try emptyToolCache(), payload, 0, models, false)
        }
        let shelvedColdTimes = try (0..<2).map { _ -> Double in
            try baselines()
            return try checkWith(shelved.path, try emptyToolCache(), payload, 0, models, false)
        }
        let warm = folder.appendingPathComponent("warm-cache")
        _ = try check(warm, payload, 0, models)
        let cachedTimes = try (0..<runs).map { _ in try check(warm, payload, 0, models) }
        _ = try check(warm, failing, 1, models)
        let failingTimes = try (0..<runs).map { _ in try check(warm, failing, 1, models) }
        let smallRunTimes = try (0..<runs).map { _ in try timed(program.path, [small.path]) }
        let smallTimes = try (0..<runs).map { _ in try check(warm, small, 0, models) }
        _ = try check(warm, smallFailing, 1, models)
        let smallFailingTimes = try (0..<runs).map { _ in try check(warm, smallFailing, 1, models) }
        // A model folder new to the cache (its own paths), the library already built: the part of a
        // first verdict that every new model pays (on the small payload, so that it is the build).
        let newModelTimes = try (0..<2).map { i -> Double in
            try baselines()
            let copy = folder.appendingPathComponent("Models-new-\(i)")
            try FileManager.default.copyItem(at: models, to: copy)
            return try check(warm, small, 0, copy)
        }
        // The same, with verified fixes: what a user waits for on a new model whose payload fails
        // (the runner built, then each fix candidate compiled and the payload decoded again).
        let fixTimes = try (0..<2).map { i -> Double in
            try baselines()
            let copy = folder.appendingPathComponent("Models-fixes-\(i)")
            try FileManager.default.copyItem(at: models, to: copy)
            return try timed(
                binary, ["check", smallMissing.path, "--model", copy.path, "--type", "Catalog"],
                environment: ["XDG_CACHE_HOME": warm.path], expectStatus: 1)
        }
        // One file edited (a comment added), as a save does: the runner library stays built.
        let edited = models.appendingPathComponent("Model08.swift")
        let original = try String(contentsOf: edited, encoding: .utf8)
        defer { try? original.write(to: edited, atomically: true, encoding: .utf8) }
        let editTimes = try (0..<2).map { i -> Double in
            try baselines()
            try (original + "// edit \(i)\n").write(to: edited, atomically: true, encoding: .utf8)
            return try check(warm, payload, 0, models)
        }
        // The explorer watching the folder: from a save of one file to the new verdict in its header.
        let saveTimes =
            TmuxDriver.isAvailable ? try explorerSaves(binary, models: models, payload: small, cache: warm, scratch: folder) : []

        let onone = median(ononeTimes), ononeParallel = median(ononeParallelTimes), run = median(runTimes), cold = median(coldTimes),
            cached = median(cachedTimes)
        let failed = median(failingTimes), edit = median(editTimes)
        let smallRun = median(smallRunTimes), smallCached = median(smallTimes), smallFailed = median(smallFailingTimes)
        let newModel = median(newModelTimes), withFixes = median(fixTimes)
        print("compiled mode, 20 model files (5 with a hand-written init(from:)), payload \(size) bytes, \(pages) records")
        print(
            String(
                format:
                    "  baseline  swiftc -Onone of the folder and a trivial main:         %7.2f s (median of %d, between the compiles: %@)",
                onone, ononeTimes.count, ononeTimes.map { String(format: "%.2f", $0) }.joined(separator: " ")))
        print(
            String(
                format: "  baseline  the same with -j %d (one job a core, as the tool runs it): %5.2f s (%@)", cores, ononeParallel,
                ononeParallelTimes.map { String(format: "%.2f", $0) }.joined(separator: " ")))
        print(String(format: "  baseline  the swiftc -O program decoding the payload:             %7.3f s", run))
        let compileRow = { (what: String, time: Double) in
            print(
                String(
                    format: "  %@ %7.2f s   %5.2fx swiftc -Onone, %5.2fx with -j %d",
                    what.padding(toLength: 67, withPad: " ", startingAt: 0),
                    time, time / onone, time / ononeParallel, cores))
        }
        compileRow("check, empty cache (the library from the tool's build, the runner):", cold)
        compileRow("the same, the binary installed (the library from its build folder):", median(installedColdTimes))
        compileRow("installed, its build gone (it builds the library, the runner):", median(buildGoneColdTimes))
        compileRow("installed by `install`, its build gone (the library beside it):", median(shelvedColdTimes))
        compileRow("check of a model new to the cache (library built; small payload):", newModel)
        compileRow("the same, a key missing, with verified fixes (text):", withFixes)
        compileRow("check after one file is edited (library built, runner rebuilt):", edit)
        print(
            String(
                format: "  check, runner cached:                                             %7.3f s   %5.2fx the program's run", cached,
                cached / run))
        print(
            String(
                format: "  check, runner cached, a failing payload:                          %7.3f s   %5.2fx the program's run", failed,
                failed / run))
        if saveTimes.isEmpty {
            print("  the explorer, a save to its new verdict: not measured (no tmux)")
        } else {
            compileRow("the explorer, a save of one file to its new verdict (small):", median(saveTimes))
        }
        print(String(format: "  baseline  the -O program on a small payload (40 records, %d bytes): %7.3f s", smallSize, smallRun))
        print(
            String(
                format: "  check, runner cached, the small payload:                          %7.3f s   %5.2fx the program's run",
                smallCached, smallCached / smallRun))
        print(
            String(
                format: "  check, runner cached, the small payload failing:                  %7.3f s   %5.2fx the program's run",
                smallFailed, smallFailed / smallRun))
    }

    /// Model01 holds the root; ModelNN a record type, every `handWrittenEvery`th (every fourth, or
    /// every one) with a hand-written init(from:).
    static func modelFiles(handWrittenEvery: Int = 4) -> [(String, String)] {
        var files: [(String, String)] = []
        let members = (2...20).map { String(format: "    let t%02d: Type%02d", $0, $0) }.joined(separator: "\n")
        files.append(
            (
                "Model01.swift",
                "import Foundation\n\nstruct Catalog: Decodable {\n    let pages: [Page]\n}\n\nstruct Page: Decodable {\n\(members)\n}\n"
            ))
        for n in 2...20 {
            let name = String(format: "Type%02d", n)
            var text =
                "import Foundation\n\nstruct \(name): Decodable {\n    let id: Int\n    let name: String\n    let score: Double\n    let tags: [String]\n    let active: Bool\n    let note: String?\n"
            if n % handWrittenEvery == 0 {
                text += """

                        enum CodingKeys: String, CodingKey { case id, name, score, tags, active, note }

                        init(from decoder: Decoder) throws {
                            let c = try decoder.container(keyedBy: CodingKeys.self)
                            id = try c.decode(Int.self, forKey: .id)
                            name = try c.decode(String.self, forKey: .name)
                            score = try c.decode(Double.self, forKey: .score)
                            tags = try c.decode([String].self, forKey: .tags)
                            active = try c.decodeIfPresent(Bool.self, forKey: .active) ?? false
                            note = try? c.decode(String.self, forKey: .note)
                        }

                    """
            }
            files.append(("Model\(String(format: "%02d", n)).swift", text + "}\n"))
        }
        return files
    }

    /// The explorer on `payload` in a private tmux (120x40), watching `models`: each save of
    /// Model08 flips its verdict (a CodingKeys raw value the payload does not send, then back), and
    /// the time is from the write to the header's new verdict (`✖` / `✓ decodes`), which the
    /// explorer shows only once the edited runner is built and has decoded.
    static func explorerSaves(_ binary: String, models: URL, payload: URL, cache: URL, scratch: URL) throws -> [Double] {
        let tmux = try TmuxDriver(scratch: scratch.path)
        defer { tmux.kill() }
        let command = [binary, payload.path, "--model", models.path, "--type", "Catalog"].map(TmuxDriver.shellQuoted).joined(
            separator: " ")
        try tmux.start(
            command: "env TERM=xterm-256color XDG_CONFIG_HOME=/nonexistent-ce-bench XDG_CACHE_HOME="
                + TmuxDriver.shellQuoted(cache.path) + " " + command, width: 120, height: 40)
        func header(says text: String, since start: ContinuousClock.Instant) throws -> Double {
            while ContinuousClock.now - start < .seconds(600) {
                if try tmux.screen().split(separator: "\n").first?.contains(text) == true {
                    let took = ContinuousClock.now - start
                    return Double(took.components.seconds) + Double(took.components.attoseconds) / 1e18
                }
                sleepFor(.milliseconds(10))
            }
            throw BenchError.usage("the explorer's header never said \(text) (\(try tmux.screen().split(separator: "\n").first ?? ""))")
        }
        _ = try header(says: "✓ decodes", since: .now)
        let file = models.appendingPathComponent("Model08.swift")
        let original = try String(contentsOf: file, encoding: .utf8)
        defer { try? original.write(to: file, atomically: true, encoding: .utf8) }
        var times: [Double] = []
        for save in 0..<2 {
            // Each text new to the cache, so each save is a build.
            let broken = original.replacingOccurrences(of: "case id, name", with: "case id = \"ident\", name") + "// save \(save)\n"
            var start = ContinuousClock.now
            try broken.write(to: file, atomically: true, encoding: .utf8)
            times.append(try header(says: "✖", since: start))
            start = ContinuousClock.now
            try (original + "// save \(save)\n").write(to: file, atomically: true, encoding: .utf8)
            times.append(try header(says: "✓ decodes", since: start))
        }
        return times
    }

    static func payloadText(pages: Int) -> String {
        var out = "{\"pages\": ["
        for page in 0..<pages {
            if page > 0 { out += "," }
            out += "{"
            out += (2...20).map { n in
                "\"t\(String(format: "%02d", n))\": {\"id\": \(page * 100 + n), \"name\": \"item \(page)-\(n)\", \"score\": \(Double(page % 97) / 7), \"tags\": [\"a\", \"b\"], \"active\": \(page % 2 == 0), \"note\": null}"
            }.joined(separator: ",")
            out += "}"
        }
        return out + "]}\n"
    }

    /// Wall time of one run of a program, which must exit with `expectStatus`.
    /// Runs `executable` to its end (``SilentRun``) and returns the seconds it took. Not through
    /// Foundation's `Process`: on Linux it sees a child's end only at its run loop's next turn,
    /// which rounded every figure up to a multiple of 50 ms.
    static func timed(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        expectStatus: Int32 = 0
    ) throws -> Double {
        let run = try SilentRun.run(executable, arguments, environment: environment)
        guard run.status == expectStatus else {
            throw BenchError.childFailed(arguments: [executable] + arguments, status: run.status)
        }
        return run.seconds
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }

}

extension Optional {
    func orThrow(_ message: String) throws -> Wrapped {
        guard let self else { throw BenchError.usage(message) }
        return self
    }
}
