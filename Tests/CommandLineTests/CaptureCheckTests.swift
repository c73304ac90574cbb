import Capture
import DecodeWorker
import DecodingEngine
import Foundation
import JSONTree
import TestSupport
import Testing

/// `check CAPTURE --routes FILE`: every exporter's HAR (Tests/Fixtures/captures) checked in one
/// run, each entry's verdict held to Foundation's own on that body with the route's type.
@Suite struct CaptureCheckTests {
    static let folder = Repository.fixtures.appendingPathComponent("captures")
    static let captures = [
        "chrome.har", "chrome-sanitized.har", "firefox.har", "safari.har", "proxyman.har", "charles.har", "pulse.har", "users.jsonl",
    ]
    static let models = folder.appendingPathComponent("Models.swift")
    static let routes = folder.appendingPathComponent("api.routes")

    static func arguments(_ capture: String) -> [String] {
        let selector = capture.hasSuffix(".jsonl") ? ["--type", "User"] : ["--routes", routes.path]
        return ["check", folder.appendingPathComponent(capture).path] + selector + ["--model", models.path]
    }

    static func run(_ arguments: [String]) throws -> ProcessResult {
        try ProcessRunner.run(BuiltProduct.codableExplorer, arguments)
    }

    /// A new folder of a test's own under the tests' temporary root.
    static func scratchFolder() throws -> URL {
        let folder = ValidateCommandTests.temporaryRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A decode session of the built tool's worker, with the tests' runner cache.
    static func session() -> DecodeSession {
        DecodeSession(executable: BuiltProduct.codableExplorer, environment: ["XDG_CACHE_HOME": TestCache.folder.path])
    }

    /// A session's job of `body`, written to `name` in `folder`, decoded as `type` by `models`, in the
    /// runner built for `sessionTypes`; no value asked for, as a capture's.
    static func sessionJob(
        _ name: String, _ body: String, in folder: URL, models: ModelSet, type: String, sessionTypes: [String]
    ) throws -> DecodeJob {
        let file = folder.appendingPathComponent(name)
        try Data(body.utf8).write(to: file)
        var job = DecodeJob(payloadPath: file.path, models: models, typeExpression: type, value: .none)
        job.sessionTypes = sessionTypes
        return job
    }

    /// A session's job of `body` decoded as the capture runner tests' `Watched` (compiled; its `act`
    /// makes it trap, exit or loop), with `timeLimit` when given.
    static func watchedJob(_ name: String, _ body: String, in folder: URL, timeLimit: Double? = nil) throws -> DecodeJob {
        let model = CaptureRunnerTests.folder.appendingPathComponent("Watched.swift")
        let models = ModelSet(paths: [model.path], mode: .compiled, decoderExpression: nil)
        var job = try sessionJob(name, body, in: folder, models: models, type: "Watched", sessionTypes: ["Watched"])
        if let timeLimit { job.timeLimit = timeLimit }
        return job
    }

    static func json(_ capture: String, _ extra: [String] = []) throws -> [String: Any] {
        let result = try run(arguments(capture) + extra + ["--format", "json"])
        #expect(result.status != 2, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    static func steps(_ path: NodePath) -> [FoundationOracle.Step] {
        path.components.map { component in
            switch component {
            case .key(let key): .key(key)
            case .index(let index), .keyOrIndex(let index): .index(index)
            }
        }
    }

    /// Every decoded entry's verdict is what a program compiled with swiftc says when it decodes
    /// that body with the route's type at its key path; every other entry's says why it was not decoded.
    @Test func verdictsAgreeWithFoundationForEveryExporter() throws {
        let table = try RouteTable.parse(String(decoding: try Data(contentsOf: Self.routes), as: UTF8.self), file: "api.routes")
        let bodies = try Self.scratchFolder()
        var cases: [FoundationOracle.Case] = []
        var expected: [(capture: String, index: Int, oracle: Int?, plan: EntryPlan)] = []
        for name in Self.captures {
            let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
            let capture = try Capture.open(bytes, format: .guessed(fromName: name), file: name)
            let routes = name.hasSuffix(".jsonl") ? RouteTable.single("User") : table
            for entry in capture {
                let plan = EntryPlan(entry, routes: routes)
                var oracle: Int?
                if case .decode(let rule, let body) = plan {
                    let file = bodies.appendingPathComponent("\(name)-\(entry.index).json")
                    try Data(body).write(to: file)
                    oracle = cases.count
                    cases.append(FoundationOracle.Case(type: rule.typeExpression, payload: .file(file), path: Self.steps(rule.path)))
                }
                expected.append((name, entry.index, oracle, plan))
            }
        }
        let verdicts = try FoundationOracle.verdicts(
            files: ["Models.swift": String(decoding: try Data(contentsOf: Self.models), as: UTF8.self)], cases: cases)
        var seen: [String: Int] = [:]
        for name in Self.captures {
            let object = try Self.json(name)
            let entries = try #require(object["entries"] as? [[String: Any]])
            let mine = expected.filter { $0.capture == name }
            #expect(entries.count == mine.count, "\(name)")
            for (entry, expectation) in zip(entries, mine) {
                let verdict = entry["verdict"] as? String ?? ""
                seen[verdict, default: 0] += 1
                let place = "\(name)#\(expectation.index)"
                #expect(entry["index"] as? Int == expectation.index, "\(place)")
                switch expectation.plan {
                case .decode:
                    let truth = verdicts[try #require(expectation.oracle)]
                    #expect(verdict == (truth.ok ? "decodes" : "fails"), "\(place): Foundation says \(truth)")
                    let check = try #require(entry["check"] as? [String: Any], "\(place)")
                    #expect(check["ok"] as? Bool == truth.ok, "\(place)")
                    if !truth.ok {
                        let error = try #require((check["errors"] as? [[String: Any]])?.first, "\(place)")
                        #expect(error["kind"] as? String == truth.kind, "\(place): Foundation says \(truth)")
                        let path = (error["codingPath"] as? [Any] ?? []).map { step -> FoundationOracle.Step in
                            (step as? String).map(FoundationOracle.Step.key) ?? .index(step as? Int ?? -1)
                        }
                        #expect(path == truth.codingPath, "\(place): Foundation says \(truth)")
                    }
                case .skip(let reason):
                    #expect(verdict == "skipped", "\(place)")
                    #expect(entry["reason"] as? String == reason.description, "\(place)")
                    #expect(entry["check"] is NSNull, "\(place)")
                case .unmapped(let errorResponse):
                    #expect(verdict == "unmapped", "\(place)")
                    #expect(entry["errorResponse"] as? Bool == errorResponse, "\(place)")
                    #expect(entry["check"] is NSNull, "\(place)")
                }
            }
        }
        // The fixtures hold every verdict, so no comparison above passes over an empty kind.
        #expect(seen["decodes", default: 0] >= 5 && seen["fails", default: 0] >= 3)
        #expect(seen["skipped", default: 0] >= 4 && seen["unmapped", default: 0] >= 1)
    }

    /// An entry's `check` object is the one `check --format json` prints for its body alone, and
    /// its text is `check`'s text, named as the entry; in compiled mode too, where one runner
    /// serves every entry.
    @Test(arguments: [
        ("chrome.har", 1, "User", "", "auto"), ("charles.har", 1, "[User]", "data", "auto"), ("pulse.har", 1, "APIError", "", "auto"),
        ("chrome.har", 1, "User", "", "compiled"), ("charles.har", 1, "[User]", "data", "compiled"),
        ("pulse.har", 1, "APIError", "", "compiled"),
    ])
    func eachEntryIsWhatCheckSaysOfItsBodyAlone(capture name: String, index: Int, type: String, path: String, mode: String) throws {
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        guard case .bytes(let body) = try Capture.open(bytes, format: .har, file: name).entry(at: index).body else {
            Issue.record("\(name)#\(index) has a body")
            return
        }
        let bodyFile = ValidateCommandTests.temporaryRoot.appendingPathComponent("\(UUID().uuidString).json")
        try FileManager.default.createDirectory(at: ValidateCommandTests.temporaryRoot, withIntermediateDirectories: true)
        try Data(body).write(to: bodyFile)
        let alone = ["check", bodyFile.path, "--model", Self.models.path, "--type", type, "--path", path, "--mode", mode]
        let aloneJSON = try #require(
            try JSONSerialization.jsonObject(with: Data(try Self.run(alone + ["--format", "json"]).stdout.utf8)) as? NSDictionary)
        let entries = try #require(try Self.json(name, ["--mode", mode])["entries"] as? [[String: Any]])
        let check = try #require(entries[index]["check"] as? NSDictionary)
        #expect(check == aloneJSON)

        // A capture's text explains each error; its fixes are `check`'s on the body alone (verified fixes decode again).
        let aloneText = try Self.run(alone + ["--no-fixes"]).stdout.replacingOccurrences(
            of: bodyFile.path, with: Self.folder.appendingPathComponent(name).path + "#\(index)")
        let captureText = try Self.run(Self.arguments(name) + ["--mode", mode]).stdout
        if aloneText.contains("error:") {
            // The errors, excerpts, notes and explanations, line for line (the last line names the body's file).
            let errorLines = aloneText.split(separator: "\n").dropLast()
            #expect(captureText.contains(errorLines.joined(separator: "\n")), "\(captureText)")
        }
    }

    /// A secret planted in headers, cookies and the query string appears in no output, in any
    /// format, with or without errors; the masked values are shown as •••.
    @Test func plantedSecretsAppearInNoOutput() throws {
        var outputs: [String] = []
        for extra in [[], ["--format", "json"], ["--all-errors"], ["--strict"], ["--format", "json", "--fixes"]] {
            for name in ["chrome.har", "proxyman.har", "firefox.har"] {
                let result = try Self.run(Self.arguments(name) + extra)
                outputs.append(result.stdout + result.stderr)
            }
        }
        for output in outputs { #expect(!output.contains("planted-SECRET"), "\(output)") }
        #expect(outputs[0].contains("api_key=•••&expand=profile"))
        let capture = try Data(contentsOf: Self.folder.appendingPathComponent("chrome.har"))
        #expect(String(decoding: capture, as: UTF8.self).contains("planted-SECRET-authorization"), "the capture is never modified")
    }

    @Test func exitStatusSaysWhetherAnEntryFailsAndStrictCountsErrorResponses() throws {
        #expect(try Self.run(Self.arguments("firefox.har")).status == 0)
        #expect(try Self.run(Self.arguments("chrome-sanitized.har")).status == 0)
        #expect(try Self.run(Self.arguments("firefox.har") + ["--strict"]).status == 1)
        #expect(try Self.run(Self.arguments("chrome.har")).status == 1)
        let firefox = try Self.run(Self.arguments("firefox.har")).stdout
        #expect(firefox.contains(#"#1 GET https://api.example.com/account/me 401: unmapped: error response 401: {"error":"unauthorized","#))
        #expect(!firefox.contains("keyNotFound"))
        // With one type for every entry, a 404 is an error response, never a keyNotFound of that type.
        let single = try Self.run([
            "check", Self.folder.appendingPathComponent("pulse.har").path, "--type", "User", "--model", Self.models.path,
        ])
        #expect(single.status == 0)
        #expect(single.stdout.contains("/v1/users/13 404: unmapped: error response 404: {\"error\":\"not_found\"}"), "\(single.stdout)")
        #expect(!single.stdout.contains("keyNotFound"))
    }

    @Test(arguments: [
        ("GET /v1/users/{id} User\nGET /v1/users [User] at data status 2xx,6xx\n", ":2:41: error: '6xx' is not a status"),
        ("GET /v1/users/{id}  Usr\n", ":1:21: error: the type of this rule: "),
    ])
    func routesMistakesStopTheCheckAtTheirPlace(routes: String, message: String) throws {
        let file = ValidateCommandTests.temporaryRoot.appendingPathComponent("\(UUID().uuidString).routes")
        try FileManager.default.createDirectory(at: ValidateCommandTests.temporaryRoot, withIntermediateDirectories: true)
        try Data(routes.utf8).write(to: file)
        let result = try Self.run([
            "check", Self.folder.appendingPathComponent("chrome.har").path, "--routes", file.path, "--model", Self.models.path,
        ])
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(file.path + message), "\(result.stderr)")
    }

    @Test func aMalformedCaptureIsAnErrorAtItsPlace() throws {
        let file = ValidateCommandTests.temporaryRoot.appendingPathComponent("\(UUID().uuidString).har")
        try FileManager.default.createDirectory(at: ValidateCommandTests.temporaryRoot, withIntermediateDirectories: true)
        try Data("{\"log\": {\n  \"entries\": [{\"request\": {}}]}}".utf8).write(to: file)
        let result = try Self.run(["check", file.path, "--routes", Self.routes.path, "--model", Self.models.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains(file.path + #":2:27: error: request has no "method""#), "\(result.stderr)")
        let neither = try Self.run(["check", Self.folder.appendingPathComponent("chrome.har").path, "--model", Self.models.path])
        #expect(neither.status == 2)
        #expect(neither.stderr.contains("--routes FILE"), "\(neither.stderr)")
    }

    /// The runner is compiled while the capture is read (a job sent ahead); a capture that cannot be
    /// read is said at once: the compile under way is ended with the worker, never waited for, and
    /// no runner is left half made or running.
    @Test func anUnreadableCaptureEndsTheCompileSentAhead() throws {
        let root = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let cache = root.appendingPathComponent("cache")
        let capture = root.appendingPathComponent("cut.har")
        try Data(#"{"log": {"entries": ["#.utf8).write(to: capture)
        let result = try ProcessRunner.run(
            BuiltProduct.codableExplorer,
            ["check", capture.path, "--routes", Self.routes.path, "--model", Self.models.path, "--mode", "compiled"],
            environment: ["XDG_CACHE_HOME": cache.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains(capture.path + ":1:22: error: the capture is not JSON"), "\(result.stderr)")
        let runners = cache.appendingPathComponent("codable-explorer/runners")
        let built = (try? FileManager.default.contentsOfDirectory(atPath: runners.path)) ?? []
        #expect(built.filter { $0.hasPrefix("runner-") }.isEmpty, "the compile was waited for: \(built)")
        #expect(ProcessTable.matching(cache.path).isEmpty, "\(ProcessTable.matching(cache.path).map(\.arguments))")
    }

    /// One worker child serves every decode of a session, each answered as a single job is.
    @Test func oneWorkerServesEveryJobOfASession() throws {
        let session = Self.session()
        defer { session.close() }
        let dir = try Self.scratchFolder()
        var answers: [Bool] = []
        for (number, body) in [#"{"id":1,"name":"a"}"#, #"{"id":"2"}"#, #"[{"id":3,"name":"c"}]"#, #"{"error":"x"}"#].enumerated() {
            let file = dir.appendingPathComponent("\(number).json")
            try Data(body.utf8).write(to: file)
            let type = ["User", "User", "[User]", "APIError"][number]
            var job = DecodeJob(payloadPath: file.path, modelPaths: [Self.models.path], typeExpression: type, value: .none)
            job.sessionTypes = ["User", "[User]", "APIError"]
            let run = session.run(job)
            answers.append(try #require(run.report, "\(String(describing: run.failure))").ok)
        }
        #expect(answers == [true, false, true, true])
        #expect(session.childrenStarted == 1)
        // A job that cannot run is answered with its failure, and the session goes on.
        let bad = session.run(
            DecodeJob(payloadPath: dir.appendingPathComponent("0.json").path, modelPaths: [Self.models.path], typeExpression: "Nope"))
        #expect(bad.report == nil && bad.failure != nil)
        let after = session.run(
            DecodeJob(payloadPath: dir.appendingPathComponent("0.json").path, modelPaths: [Self.models.path], typeExpression: "User"))
        #expect(after.report?.ok == true)
        #expect(session.childrenStarted == 1)
    }

    /// A session whose input is ended after its last job (a command's, ``DecodeSession/endInput()``):
    /// its worker and the worker's runner exit on their own, before the session waits for them, and a
    /// job sent after is answered by a new worker as the first would have answered it.
    @Test func anEndedInputLetsTheWorkerGoAndAJobAfterStartsAnother() throws {
        let session = Self.session()
        defer { session.close() }
        let dir = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let first = session.run(try Self.watchedJob("first.json", #"{"id": 1}"#, in: dir))
        #expect(first.report?.ok == true, "\(String(describing: first.failure))")
        let worker = try #require(session.childProcessID)
        let runner = try #require(ProcessTable.descendants(of: worker, matching: "runner-").first)
        session.endInput()
        try Self.expectGoneThenAnother(session, worker: worker, runner: runner, in: dir, after: "the session's input ended")
    }

    /// The session's worker and its runner exit on their own (`after` what), and a job sent next is
    /// answered by a second worker as the first would have answered it.
    static func expectGoneThenAnother(_ session: DecodeSession, worker: pid_t, runner: pid_t, in dir: URL, after: String) throws {
        #expect(
            ProcessTable.waitFor(timeout: .seconds(60)) { !ProcessTable.isAlive(runner) && !ProcessTable.isAlive(worker) },
            "the worker and its runner still run after \(after)")
        let next = session.run(try watchedJob("after.json", #"{"id": "2"}"#, in: dir))
        #expect(next.report?.errors.map(\.heading) == ["typeMismatch at id"], "\(next.replies)")
        #expect(session.childrenStarted == 2)
    }

    /// A job collected before one sent ahead of it (a capture's next batch screened while the one
    /// before is handed on, its entries checked alone after): each gets its own replies, whatever
    /// the order, and the replies read past are kept, never dropped.
    @Test func jobsCollectedOutOfTurnGetTheirOwnReplies() throws {
        let session = Self.session()
        defer { session.close() }
        let dir = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        func job(_ name: String, _ body: String, _ type: String) throws -> DecodeJob {
            try Self.sessionJob(
                name, body, in: dir, models: ModelSet(paths: [Self.models.path]), type: type, sessionTypes: ["User", "[User]", "APIError"])
        }
        let decoding = session.submit(try job("ok.json", #"{"id":1,"name":"a"}"#, "User"))
        let failing = session.submit(try job("bad.json", #"{"id":"2"}"#, "User"))
        let list = session.submit(try job("list.json", #"[{"id":3,"name":"c"}, {"id":4}]"#, "[User]"))
        let last = try #require(session.collect(list).report, "the last job sent, collected first")
        #expect(last.errors.map(\.heading) == ["keyNotFound at [1]"])
        let failed = try #require(session.collect(failing).report)
        #expect(failed.errors.map(\.heading) == ["typeMismatch at id"])
        #expect(session.collect(decoding).report?.ok == true)
        #expect(session.collect(decoding).failure != nil, "a job is collected once")
        #expect(session.childrenStarted == 1)
    }

    /// Jobs sent before the replies of those before them are read (a batch's entries checked alone)
    /// are answered in order; a child that dies in the middle of one fails that job only, and the
    /// jobs sent after it are answered by a new child as the first would have answered them.
    @Test func jobsSentAheadOutliveAChildThatDies() throws {
        let session = Self.session()
        defer { session.close() }
        let dir = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        func job(_ name: String, _ body: String) throws -> DecodeJob { try Self.watchedJob(name, body, in: dir, timeLimit: 120) }
        // The first decodes (the runner starts); the second loops in the model's code, and the two
        // after it are sent meanwhile.
        let first = session.run(try job("first.json", #"{"id": 1}"#))
        #expect(first.report?.ok == true, "\(String(describing: first.failure))")
        let looping = session.submit(try job("loop.json", #"{"id": 2, "act": "loop"}"#))
        let decoding = session.submit(try job("ok.json", #"{"id": 3}"#))
        let failing = session.submit(try job("bad.json", #"{"id": "4"}"#))
        // This session's worker (other tests' run beside it in this process).
        let worker = try #require(session.childProcessID)
        let runner = try #require(ProcessTable.descendants(of: worker, matching: "runner-").first)
        // Whether the worker has read the looping job yet or not, it is the oldest job not answered:
        // the death is its verdict. The runner, in a group of its own, goes too.
        kill(worker, SIGKILL)
        kill(runner, SIGKILL)
        let killed = session.collect(looping)
        #expect(killed.report == nil && killed.failure != nil, "\(killed.replies)")
        #expect(session.collect(decoding).report?.ok == true)
        let failed = session.collect(failing)
        #expect(failed.report?.errors.map(\.heading) == ["typeMismatch at id"], "\(failed.replies)")
        #expect(session.childrenStarted == 2)
    }

    /// A job sent ahead (a capture's warm-up, ``CaptureCheck/warm``: the runner found or compiled
    /// while the capture is read) is answered before the next job, in the same child: of its
    /// replies, only its compile start reaches that job (the note a terminal shows); its screen is
    /// never taken for the job's verdict.
    @Test func aJobSentAheadIsAnsweredBeforeTheNextOne() throws {
        let session = Self.session()
        defer { session.close() }
        let dir = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // A model of this test's own: its runner is compiled by the job sent ahead.
        let model = dir.appendingPathComponent("Models.swift")
        try Data("struct User: Decodable { let id: Int } // \(UUID().uuidString)\n".utf8).write(to: model)
        let models = ModelSet(paths: [model.path], mode: .compiled, decoderExpression: nil)
        let routes = RouteTable.single("User")
        CaptureCheck(capture: .empty, routes: routes, models: models, options: DecodeOptions()).warm(session, bodies: dir)
        let body = dir.appendingPathComponent("body.json")
        try Data(#"{"id": "7"}"#.utf8).write(to: body)
        var job = DecodeJob(payloadPath: body.path, models: models, typeExpression: "User", value: .none)
        job.sessionTypes = routes.typeExpressions
        let run = session.run(job)
        let report = try #require(run.report, "\(String(describing: run.failure))")
        #expect(report.errors.map(\.heading) == ["typeMismatch at id"])
        #expect(run.replies.contains { if case .compiling = $0 { true } else { false } }, "\(run.replies)")
        #expect(run.screened == nil)
        #expect(session.childrenStarted == 1)
        #expect(session.run(job).report == report, "the next job is answered as the first was")
    }
}

extension CaptureCheckTests {
    /// A folder of recorded responses is a capture too: one command checks every file, each
    /// as `check` checks it alone with the type its route names (here, its folder).
    @Test func aFolderOfResponsesIsCheckedInOneCommand() throws {
        let folder = Self.folder.appendingPathComponent("responses")
        let routes = Self.folder.appendingPathComponent("responses.routes")
        let result = try Self.run(["check", folder.path, "--routes", routes.path, "--model", Self.models.path, "--format", "json"])
        #expect(result.status == 1, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(entries.map { $0["url"] as? String } == ["APIError/401.json", "User/7.json", "User/8.json"])
        #expect(entries.map { $0["verdict"] as? String } == ["decodes", "decodes", "fails"])
        for entry in entries {
            let url = try #require(entry["url"] as? String)
            let type = try #require(entry["type"] as? String)
            let alone = try Self.run([
                "check", folder.appendingPathComponent(url).path, "--type", type, "--model", Self.models.path, "--format", "json",
            ])
            let aloneJSON = try #require(try JSONSerialization.jsonObject(with: Data(alone.stdout.utf8)) as? NSDictionary)
            #expect(entry["check"] as? NSDictionary == aloneJSON, "\(url)")
        }
    }
}

extension CaptureCheckTests {
    /// `infer` over a capture: models merged from every body its routes of one type decode, so
    /// that a program compiled with them decodes every one of those bodies with Foundation.
    @Test(arguments: [("chrome.har", "User"), ("charles.har", "User"), ("users.jsonl", "User"), ("pulse.har", "APIError")])
    func inferredModelsDecodeEveryBodyOfTheirRoutes(capture name: String, type: String) throws {
        let selector = name.hasSuffix(".jsonl") ? [] : ["--routes", Self.routes.path]
        let inferred = try Self.run(["infer", Self.folder.appendingPathComponent(name).path, "--type", type] + selector)
        #expect(inferred.status == 0, "\(inferred.stderr)")
        let table =
            name.hasSuffix(".jsonl")
            ? RouteTable.single(type)
            : try RouteTable.parse(String(decoding: try Data(contentsOf: Self.routes), as: UTF8.self), file: "api.routes")
        let bodies = try Self.scratchFolder()
        let bytes = [UInt8](try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        var cases: [FoundationOracle.Case] = []
        for entry in try Capture.open(bytes, format: .guessed(fromName: name), file: name) {
            guard case .decode(let rule, let body) = EntryPlan(entry, routes: table), rule.typeExpression.contains(type) else { continue }
            let file = bodies.appendingPathComponent("\(entry.index).json")
            try Data(body).write(to: file)
            cases.append(FoundationOracle.Case(type: rule.typeExpression, payload: .file(file), path: Self.steps(rule.path)))
        }
        #expect(!cases.isEmpty)
        let verdicts = try FoundationOracle.verdicts(files: ["Models.swift": inferred.stdout], cases: cases)
        for verdict in verdicts { #expect(verdict.ok, "\(verdict)") }
    }
}

extension CaptureCheckTests {
    /// A body without the key path its route reads at fails with the route's own words (`at data`
    /// and the rule's line), not with a `--path` the user never typed; `check` of the body alone
    /// with `--path` keeps its words.
    @Test func aBodyWithoutTheRoutesKeyPathSaysTheRoutesAt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("route-at-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("users"), withIntermediateDirectories: true)
        let body = folder.appendingPathComponent("users/page.json")
        try Data(#"{"error":"expired"}"#.utf8).write(to: body)
        let routes = folder.appendingPathComponent("list.routes")
        try Data("*  /users/**  [User]  at data\n".utf8).write(to: routes)
        let result = try Self.run(["check", folder.path, "--routes", routes.path, "--model", Self.models.path])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(
            result.stdout.split(separator: "\n").first
                == #"\#(body.path): fails: [User] (\#(routes.path):1): at $.data: $ is an object with no key "data""#)
        let alone = try Self.run(["check", body.path, "--type", "[User]", "--path", "data", "--model", Self.models.path])
        #expect(alone.status == 2)
        #expect(alone.stderr == #"codable-explorer: --path $.data: $ is an object with no key "data""# + "\n")
    }
}
