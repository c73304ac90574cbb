import Capture
import Foundation
import JSONTree
import TestSupport
import Testing

/// The routes file: its rules, how they match, and its mistakes at `ROUTES:LINE:COLUMN`.
@Suite struct RouteTableTests {
    static func entry(_ method: String, _ url: String, _ status: Int?) -> CaptureEntry {
        CaptureEntry(index: 0, line: 1, method: method, url: url, status: status, body: .bytes(Array("{}".utf8)))
    }

    @Test func theFixtureRoutesReadAsWritten() throws {
        let url = Repository.fixtures.appendingPathComponent("captures/api.routes")
        let table = try RouteTable.parse(String(decoding: try Data(contentsOf: url), as: UTF8.self), file: "api.routes")
        #expect(table.rules.map(\.name) == ["GET /v1/users/{id}", "GET /v1/users", "POST /v1/users", "* /v1/**"])
        #expect(table.rules.map(\.typeExpression) == ["User", "[User]", "User", "APIError"])
        #expect(table.rules.map(\.path.description) == ["$", "$.data", "$", "$"])
        #expect(table.rules.map(\.statuses.description) == ["2xx", "2xx", "201", "4xx,5xx"])
        #expect(table.rules.map(\.line) == [2, 3, 4, 5])
        #expect(table.typeExpressions == ["User", "[User]", "APIError"])
    }

    @Test(
        arguments: [
            ("GET", "https://h/v1/users/7?x=1", 200, "GET /v1/users/{id}"),
            ("get", "https://h/v1/users/7/", 200, "GET /v1/users/{id}"),
            ("GET", "https://h/v1/users", 200, "GET /v1/users"),
            ("POST", "https://h/v1/users", 201, "POST /v1/users"),
            ("POST", "https://h/v1/users", 200, nil),
            ("GET", "https://h/v1/users/7", 404, "* /v1/**"),
            ("DELETE", "https://h/v1/a/b/c", 503, "* /v1/**"),
            ("GET", "https://h/v1/users/7/posts", 200, nil),
            ("GET", "https://h/v2/users/7", 401, nil),
        ] as [(String, String, Int, String?)])
    func firstMatchingRuleWins(method: String, url: String, status: Int, rule: String?) throws {
        let table = try RouteTable.parse(
            """
            GET    /v1/users/{id}    User
            GET    /v1/users         [User]     at data
            POST   /v1/users         User       status 201
            *      /v1/**            APIError   status 4xx, 5xx
            """, file: "r")
        #expect(table.rule(for: Self.entry(method, url, status))?.name == rule)
    }

    /// A path is split at its `/` bytes; a literal segment that is not ASCII matches as text: the
    /// same word spelled with a combining accent matches, another word does not.
    @Test func aLiteralSegmentMatchesAsText() throws {
        let table = try RouteTable.parse("GET /caf\u{e9}/{id} Menu", file: "r")
        #expect(table.rule(for: Self.entry("GET", "https://h/caf\u{e9}/1", 200)) != nil)
        #expect(table.rule(for: Self.entry("GET", "https://h/cafe\u{301}/1", 200)) != nil)
        #expect(table.rule(for: Self.entry("GET", "https://h/cafe/1", 200)) == nil)
        #expect(table.rule(for: Self.entry("GET", "https://h/caf\u{e9}/1/2", 200)) == nil)
    }

    @Test func typeExpressionsKeepTheirSpacesAndStarMatchesOneSegment() throws {
        let table = try RouteTable.parse(
            "GET /a/*/c [String: Page<Song, Int>]? at items[0] status 200,404 # a comment\n# only a comment\n\n", file: "r")
        #expect(table.rules.count == 1)
        #expect(table.rules[0].typeExpression == "[String: Page<Song, Int>]?")
        #expect(table.rules[0].path.description == "$.items[0]")
        #expect(table.rules[0].statuses.contains(404) && !table.rules[0].statuses.contains(201))
        #expect(table.rule(for: Self.entry("GET", "/a/b/c", 200)) != nil)
        #expect(table.rule(for: Self.entry("GET", "/a/b/b/c", 200)) == nil)
    }

    @Test(arguments: [
        ("GET", "r:1:4: error: a rule needs a URL path pattern after its method"),
        ("GET /users", "r:1:11: error: a rule needs a type after its pattern"),
        ("GE7 /users User", "r:1:1: error: 'GE7' is not a method"),
        ("GET users User", "r:1:5: error: 'users' is not a URL path pattern"),
        ("GET /v1/u{id} User", "r:1:9: error: 'u{id}' is not a segment a pattern takes"),
        ("GET /v1/**/x User", "r:1:9: error: ** matches the rest of the path"),
        ("GET /v1 [User", "r:1:9: error: ']' is unbalanced"),
        ("GET /v1 User]", "r:1:13: error: ']' is unbalanced"),
        ("GET /v1 User at", "r:1:14: error: 'at' needs a key path after it"),
        ("GET /v1 User status", "r:1:14: error: 'status' needs a list after it"),
        ("GET /v1 User at a at b", "r:1:19: error: 'at' is given twice"),
        ("GET /v1 User status 4xx,6xx", "r:1:25: error: '6xx' is not a status"),
        ("GET /v1 User status 200,abc", "r:1:25: error: 'abc' is not a status"),
        ("GET /v1 User at a..b", "r:1:19: error: the key path after 'at'"),
        ("\n\n  GET /v1 User status 2", "r:3:23: error: '2' is not a status"),
    ])
    func mistakesSayLineAndColumn(text: String, message: String) {
        #expect {
            _ = try RouteTable.parse(text, file: "r")
        } throws: { error in
            let said = String(describing: error)
            if !said.hasPrefix(message) { Issue.record("\(said)") }
            return said.hasPrefix(message)
        }
    }

    @Test func planSkipsBodiesFirstThenRoutesThenTellsErrorResponsesApart() throws {
        let table = try RouteTable.parse("GET /v1/users/{id} User\n* /v1/** APIError status 404", file: "r")
        var image = Self.entry("GET", "/v1/users/7", 200)
        image.body = .notJSON(mimeType: "image/png")
        #expect(EntryPlan(image, routes: table) == .skip(.notJSON(mimeType: "image/png")))
        guard case .decode(let rule, _) = EntryPlan(Self.entry("GET", "/v1/users/7", 404), routes: table) else {
            Issue.record("a 404 covered by a status rule is decoded with its type")
            return
        }
        #expect(rule.typeExpression == "APIError")
        #expect(EntryPlan(Self.entry("GET", "/v1/users/7", 401), routes: table) == .unmapped(errorResponse: true))
        #expect(EntryPlan(Self.entry("GET", "/v2/x", 200), routes: table) == .unmapped(errorResponse: false))
        #expect(EntryPlan(Self.entry("GET", "/v2/x", 401), routes: .single("User")) == .unmapped(errorResponse: true))
    }
}
