import Foundation

/// `ce-bench capture-list`: how long the explorer takes to show the list of a large capture (issue
/// 38: a 200 MB HAR's list in at most 1 s, while the verdicts fill in), seen from outside in a
/// 120x40 tmux pane: from the pane's start to the first capture of the screen that shows the
/// list (its heading's entry count, drawn with the rows). The baseline, measured in the same run: a program built with
/// `swiftc -O` that reads the same HAR with `JSONSerialization` and counts its entries (what
/// reading the capture at all costs a Swift program).
enum CaptureListBenchmark {
    static let usage = """
        usage: ce-bench capture-list [--runs N] [--pages N] [--binary PATH] [--keep DIR]

          Writes a HAR of --pages entries (default 18000, about 200 MB: pages of 80 users), a routes
          file and a model, then measures, medians of --runs (default 3): the swiftc -O program
          reading the HAR with JSONSerialization (baseline), and the explorer opening it
          (`codable-explorer HAR --routes FILE --model DIR`) until its list shows, in a 120x40 pane.
        """

    static let baselineMain = """
        import Foundation

        let data = try! Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
        let object = try! JSONSerialization.jsonObject(with: data) as! [String: Any]
        let log = object["log"] as! [String: Any]
        print((log["entries"] as! [Any]).count)

        """

    /// The HAR, written in parts: entry `index` is a page of 80 users at `/v1/users?page=index`.
    static func writeHAR(entries: Int, to url: URL) throws {
        FileManager.default.createFile(atPath: url.path, contents: nil)
        let file = try FileHandle(forWritingTo: url)
        defer { try? file.close() }
        file.write(
            Data("{\"log\": {\"version\": \"1.2\", \"creator\": {\"name\": \"ce-bench\", \"version\": \"1\"}, \"entries\": [\n".utf8))
        for index in 0..<entries {
            let users = (0..<80).map { n in
                let id = index * 80 + n
                return
                    "{\\\"id\\\": \(id), \\\"name\\\": \\\"user \(id)\\\", \\\"email\\\": \\\"u\(id)@example.com\\\", \\\"roles\\\": [\\\"reader\\\"], \\\"active\\\": true}"
            }
            let text = "{\\\"data\\\": [" + users.joined(separator: ", ") + "], \\\"next\\\": null}"
            let entry =
                (index > 0 ? ",\n" : "")
                + "{\"startedDateTime\": \"2026-11-29T00:00:00.000Z\", \"time\": 12, \"request\": {\"method\": \"GET\", \"url\": \"https://api.example.com/v1/users?page=\(index)\", \"httpVersion\": \"HTTP/1.1\", \"headers\": [], \"queryString\": [], \"cookies\": [], \"headersSize\": -1, \"bodySize\": 0}, \"response\": {\"status\": 200, \"statusText\": \"\", \"httpVersion\": \"HTTP/1.1\", \"headers\": [{\"name\": \"Content-Type\", \"value\": \"application/json\"}], \"cookies\": [], \"content\": {\"size\": \(text.utf8.count), \"mimeType\": \"application/json\", \"text\": \"\(text)\"}, \"redirectURL\": \"\", \"headersSize\": -1, \"bodySize\": \(text.utf8.count)}, \"cache\": {}, \"timings\": {\"send\": 0, \"wait\": 10, \"receive\": 2}}"
            file.write(Data(entry.utf8))
        }
        file.write(Data("\n]}}\n".utf8))
    }

    static func main(_ arguments: [String]) throws {
        guard let options = try BenchOptions(arguments, runs: 3, pages: 18000, usage: usage) else { return }
        guard FileManager.default.isExecutableFile(atPath: options.binary) else {
            throw BenchError.usage("no codable-explorer at \(options.binary): build it, or pass --binary")
        }
        guard TmuxDriver.isAvailable else { throw BenchError.usage("capture-list needs tmux") }
        let folder = options.folder("capture-list")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { if options.keep == nil { try? FileManager.default.removeItem(at: folder) } }
        let models = folder.appendingPathComponent("Models")
        try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
        try CaptureBenchmark.model(handWritten: false).write(
            to: models.appendingPathComponent("Models.swift"), atomically: true, encoding: .utf8)
        let routes = folder.appendingPathComponent("api.routes")
        try CaptureBenchmark.routes.write(to: routes, atomically: true, encoding: .utf8)
        let capture = folder.appendingPathComponent("capture.har")
        try writeHAR(entries: options.pages, to: capture)
        let size = (try? FileManager.default.attributesOfItem(atPath: capture.path)[.size] as? Int) ?? 0
        try baselineMain.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let program = folder.appendingPathComponent("program")
        _ = try CompiledModeBenchmark.timed(
            "/usr/bin/env", ["swiftc", "-O", "-o", program.path, folder.appendingPathComponent("main.swift").path],
            environment: ["XDG_CACHE_HOME": folder.appendingPathComponent("cache").path])
        // The list's heading, drawn with its rows.
        let heading = "\(options.pages) entries"
        let open = { () throws -> Double in
            let tmux = try TmuxDriver(scratch: folder.path)
            defer { tmux.kill() }
            let command =
                "exec env TERM=xterm-256color LC_ALL=C.UTF-8 XDG_CACHE_HOME="
                + TmuxDriver.shellQuoted(folder.appendingPathComponent("cache").path) + " "
                + [options.binary, capture.path, "--routes", routes.path, "--model", models.path].map(TmuxDriver.shellQuoted)
                .joined(separator: " ")
            let started = ContinuousClock.now
            try tmux.start(command: command, width: 120, height: 40)
            guard let screen = try tmux.waitForScreen(containing: heading, timeout: .seconds(120)), screen.contains("/v1/users")
            else { throw BenchError.usage("the list never showed: \(try tmux.screen())") }
            return (ContinuousClock.now - started).seconds
        }
        _ = try open()
        var baseline: [Double] = [], list: [Double] = []
        for _ in 0..<options.runs {
            baseline.append(try CompiledModeBenchmark.timed(program.path, [capture.path]))
            list.append(try open())
        }
        let base = CompiledModeBenchmark.median(baseline), shown = CompiledModeBenchmark.median(list)
        let figures = { (times: [Double]) in times.map { String(format: "%.2f", $0) }.joined(separator: " ") }
        print("the explorer's list of a capture: \(options.pages) entries, HAR \(size) bytes, 120x40")
        print(
            String(format: "  baseline  the swiftc -O program reading it with JSONSerialization: %6.3f s   (%@)", base, figures(baseline)))
        print(
            String(
                format: "  the list shown (first screen, verdicts still coming):            %6.3f s   %5.2fx the program   (%@)", shown,
                shown / base, figures(list)))
    }
}
