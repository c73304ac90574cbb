import Foundation

/// `ce-bench capture`: `check CAPTURE --routes FILE` over a generated HAR of 2,000 entries (issue 38),
/// end to end, the runner cached, against a program built with `swiftc -O` in the same run that
/// decodes the same bodies with `JSONDecoder` into the same model, and against one cached `check` of
/// one entry's body.
///
/// The HAR's entries cycle over three routes (a user, a page of users at `data`, an order), with an
/// error response (404, `APIError`) every 50th entry and a wrong value in two of every 200, so that a few
/// entries fail. The model's `User` has a hand-written `init(from:)`; compiled mode is asked for
/// (`--mode compiled`). Schema mode is measured on a twin of the model without it.
enum CaptureBenchmark {
    static let usage = """
        usage: ce-bench capture [--runs N] [--pages N] [--binary PATH] [--keep DIR]

          Writes a HAR of --pages entries (default 2000) over three routes, a few failing, a routes
          file and a model (User with a hand-written init(from:)), then measures, the runner cached:
          a swiftc -O program decoding every body with JSONDecoder (baseline), check of one entry's
          body alone (--mode compiled), check of the capture (--mode compiled) as text and as JSON,
          and the same in schema mode on the model without the hand-written init(from:);
          medians of --runs (default 5), each with its ratio to the baseline and to the one-entry check.
          The binary is codable-explorer beside this ce-bench unless --binary says otherwise.
        """

    static let routes = """
        GET  /v1/users/{id}    User
        GET  /v1/users         [User]    at data
        GET  /v1/orders/{id}   Order
        *    /v1/**            APIError  status 4xx,5xx

        """

    static func model(handWritten: Bool) -> String {
        let initializer =
            handWritten
            ? """

                enum CodingKeys: String, CodingKey { case id, name, email, roles, active }

                init(from decoder: Decoder) throws {
                    let c = try decoder.container(keyedBy: CodingKeys.self)
                    id = try c.decode(Int.self, forKey: .id)
                    name = try c.decode(String.self, forKey: .name)
                    email = try c.decodeIfPresent(String.self, forKey: .email)
                    roles = try c.decode([String].self, forKey: .roles)
                    active = try c.decodeIfPresent(Bool.self, forKey: .active) ?? true
                }

            """ : ""
        return """
            import Foundation

            struct User: Decodable {
                let id: Int
                let name: String
                let email: String?
                let roles: [String]
                let active: Bool
            \(initializer)}

            struct Order: Decodable {
                struct Line: Decodable {
                    let sku: String
                    let quantity: Int
                    let price: Double
                }
                let id: Int
                let customer: User
                let lines: [Line]
                let total: Double
                let note: String?
            }

            struct APIError: Decodable {
                let error: String
                let message: String?
            }

            """
    }

    /// The entry's route (0 user, 1 page of users, 2 order, 3 error) and its body.
    static func body(_ index: Int) -> (route: Int, text: String) {
        let bad = index % 200 == 100 || index % 200 == 150
        let user = { (id: Int) in
            "{\"id\": \(bad ? "\"\(id)\"" : "\(id)"), \"name\": \"user \(id)\", \"email\": \"u\(id)@example.com\", \"roles\": [\"reader\", \"writer\"], \"active\": \(id % 2 == 0)}"
        }
        if index % 50 == 49 { return (3, "{\"error\": \"not_found\", \"message\": \"no entry \(index)\"}") }
        switch index % 3 {
        case 0: return (0, user(index))
        case 1: return (1, "{\"data\": [" + (0..<5).map { user(index * 10 + $0) }.joined(separator: ", ") + "], \"next\": null}")
        default:
            let lines = (0..<3).map { "{\"sku\": \"SKU-\(index)-\($0)\", \"quantity\": \($0 + 1), \"price\": \(Double($0) + 0.5)}" }
            return (
                2,
                "{\"id\": \(index), \"customer\": \(user(index)), \"lines\": [\(lines.joined(separator: ", "))], \"total\": 12.5, \"note\": null}"
            )
        }
    }

    static func har(entries: Int) -> String {
        let urls = ["/v1/users/", "/v1/users", "/v1/orders/", "/v1/users/"]
        var out = "{\"log\": {\"version\": \"1.2\", \"creator\": {\"name\": \"ce-bench\", \"version\": \"1\"}, \"entries\": [\n"
        for index in 0..<entries {
            let (route, text) = body(index)
            let url = "https://api.example.com" + urls[route] + (route == 1 ? "?page=\(index)" : "\(index)")
            let status = route == 3 ? 404 : 200
            let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            if index > 0 { out += ",\n" }
            out +=
                "{\"startedDateTime\": \"2026-11-29T00:00:00.000Z\", \"time\": 12, \"request\": {\"method\": \"GET\", \"url\": \"\(url)\", \"httpVersion\": \"HTTP/1.1\", \"headers\": [], \"queryString\": [], \"cookies\": [], \"headersSize\": -1, \"bodySize\": 0}, \"response\": {\"status\": \(status), \"statusText\": \"\", \"httpVersion\": \"HTTP/1.1\", \"headers\": [{\"name\": \"Content-Type\", \"value\": \"application/json\"}], \"cookies\": [], \"content\": {\"size\": \(text.utf8.count), \"mimeType\": \"application/json; charset=utf-8\", \"text\": \"\(escaped)\"}, \"redirectURL\": \"\", \"headersSize\": -1, \"bodySize\": \(text.utf8.count)}, \"cache\": {}, \"timings\": {\"send\": 0, \"wait\": 10, \"receive\": 2}}"
        }
        return out + "\n]}}\n"
    }

    /// The baseline's main: each line of the bodies file is a route number, a space, and a body.
    static let baselineMain = """
        import Foundation

        struct Page<T: Decodable>: Decodable { let data: T }

        let text = try! String(contentsOfFile: CommandLine.arguments[1], encoding: .utf8)
        let decoder = JSONDecoder()
        var failed = 0
        for line in text.split(separator: "\\n") {
            let body = Data(line.dropFirst(2).utf8)
            do {
                switch line.first {
                case "0": _ = try decoder.decode(User.self, from: body)
                case "1": _ = try decoder.decode(Page<[User]>.self, from: body)
                case "2": _ = try decoder.decode(Order.self, from: body)
                default: _ = try decoder.decode(APIError.self, from: body)
                }
            } catch {
                failed += 1
            }
        }
        print(failed)

        """

    static func main(_ arguments: [String]) throws {
        guard let options = try BenchOptions(arguments, runs: 5, pages: 2000, usage: usage) else { return }
        let (runs, entries, binary, keep) = (options.runs, options.pages, options.binary, options.keep)
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError.usage("no codable-explorer at \(binary): build it, or pass --binary")
        }
        let folder = options.folder("capture")
        defer { if keep == nil { try? FileManager.default.removeItem(at: folder) } }
        let compiled = folder.appendingPathComponent("Models")
        let synthesized = folder.appendingPathComponent("SchemaModels")
        for (models, handWritten) in [(compiled, true), (synthesized, false)] {
            try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
            try model(handWritten: handWritten).write(to: models.appendingPathComponent("Models.swift"), atomically: true, encoding: .utf8)
        }
        let capture = folder.appendingPathComponent("capture.har")
        try Data(har(entries: entries).utf8).write(to: capture)
        let routesFile = folder.appendingPathComponent("api.routes")
        try routes.write(to: routesFile, atomically: true, encoding: .utf8)
        let bodies = folder.appendingPathComponent("bodies.txt")
        try (0..<entries).map { index in
            let (route, text) = body(index)
            return "\(route) \(text)"
        }.joined(separator: "\n").write(to: bodies, atomically: true, encoding: .utf8)
        let one = folder.appendingPathComponent("one.json")
        try body(0).text.write(to: one, atomically: true, encoding: .utf8)
        let size = (try? FileManager.default.attributesOfItem(atPath: capture.path)[.size] as? Int) ?? 0

        try baselineMain.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        let program = folder.appendingPathComponent("program")
        let cache = folder.appendingPathComponent("cache")
        _ = try CompiledModeBenchmark.timed(
            "/usr/bin/env",
            [
                "swiftc", "-O", "-module-name", "Models", "-o", program.path, folder.appendingPathComponent("main.swift").path,
                compiled.appendingPathComponent("Models.swift").path,
            ], environment: ["XDG_CACHE_HOME": cache.path])

        let tool = { (arguments: [String], status: Int32) throws -> Double in
            try CompiledModeBenchmark.timed(binary, arguments, environment: ["XDG_CACHE_HOME": cache.path], expectStatus: status)
        }
        let checkCapture = { (models: URL, mode: String, json: Bool) throws -> Double in
            try tool(
                ["check", capture.path, "--routes", routesFile.path, "--model", models.path, "--mode", mode]
                    + (json ? ["--format", "json"] : []), 1)
        }
        let checkOne = { () throws -> Double in
            try tool(["check", one.path, "--model", compiled.path, "--type", "User", "--mode", "compiled"], 0)
        }
        // The runner built, and each contestant run once before it is timed.
        _ = try checkOne()
        _ = try checkCapture(compiled, "compiled", false)
        _ = try checkCapture(synthesized, "schema", false)
        var baseline: [Double] = [], single: [Double] = [], compiledText: [Double] = [], compiledJSON: [Double] = []
        var schemaText: [Double] = [], schemaJSON: [Double] = []
        // In turns, so that a load that changes during the run weighs on each alike.
        for _ in 0..<runs {
            baseline.append(try CompiledModeBenchmark.timed(program.path, [bodies.path]))
            single.append(try checkOne())
            compiledText.append(try checkCapture(compiled, "compiled", false))
            compiledJSON.append(try checkCapture(compiled, "compiled", true))
            schemaText.append(try checkCapture(synthesized, "schema", false))
            schemaJSON.append(try checkCapture(synthesized, "schema", true))
        }
        let program_ = CompiledModeBenchmark.median(baseline), one_ = CompiledModeBenchmark.median(single)
        let list = { (times: [Double]) in times.map { String(format: "%.2f", $0) }.joined(separator: " ") }
        print("check of a capture: \(entries) entries over 3 routes (a few failing), HAR \(size) bytes, the runner cached")
        print(
            String(
                format: "  %@ %7.3f s   (%@)",
                "baseline  the swiftc -O program decoding every body:".padding(toLength: 58, withPad: " ", startingAt: 0), program_,
                list(baseline)))
        print(
            String(
                format: "  %@ %7.3f s   (%@)",
                "baseline  check of one entry's body (compiled):".padding(toLength: 58, withPad: " ", startingAt: 0), one_,
                list(single)))
        let row = { (what: String, times: [Double]) in
            let time = CompiledModeBenchmark.median(times)
            print(
                String(
                    format: "  %@ %7.3f s   %6.2fx the program   %5.2fx one check   (%@)",
                    what.padding(toLength: 58, withPad: " ", startingAt: 0), time, time / program_, time / one_, list(times)))
        }
        row("check CAPTURE --mode compiled (text):", compiledText)
        row("check CAPTURE --mode compiled --format json:", compiledJSON)
        row("check CAPTURE --mode schema (text):", schemaText)
        row("check CAPTURE --mode schema --format json:", schemaJSON)
    }
}
