import Capture
import Foundation
import JSONTree
import TestSupport
import Testing

/// The capture reader on each exporter's own shape of HAR (Tests/Fixtures/captures), and on JSON Lines.
@Suite struct CaptureReaderTests {
    static let folder = Repository.fixtures.appendingPathComponent("captures")

    static func open(_ name: String, format: Capture.Format? = nil) throws -> Capture {
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
        return try Capture.open(bytes, format: format ?? .guessed(fromName: name), file: name)
    }

    static func text(_ body: CaptureBody) -> String? {
        guard case .bytes(let bytes) = body else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func chromeEntriesKeepTheirRequestStatusAndBodies() throws {
        let capture = try Self.open("chrome.har")
        #expect(capture.creator == "WebInspector")
        let entries = Array(capture)
        #expect(entries.map(\.index) == [0, 1, 2])
        #expect(entries.map(\.method) == ["GET", "GET", "GET"])
        #expect(entries.map(\.status) == [200, 200, 200])
        #expect(entries.map(\.path) == ["/v1/users/7", "/v1/users/8", "/static/avatar.png"])
        #expect(Self.text(entries[0].body) == #"{"id":7,"name":"Ada","email":"ada@example.com"}"#)
        #expect(entries[2].body == .notJSON(mimeType: "image/png"))
        #expect(entries[0].responseHeaders.first { $0.name == "content-type" }?.value == "application/json; charset=utf-8")
        // Each entry's line is where its object starts in the file.
        let lines = String(decoding: try Data(contentsOf: Self.folder.appendingPathComponent("chrome.har")), as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[entries[1].line - 1].trimmingCharacters(in: .whitespaces) == "{")
    }

    @Test func credentialsAreMaskedWhereTheCaptureIsRead() throws {
        let capture = try Self.open("chrome.har")
        let first = capture.entry(at: 0)
        #expect(first.requestHeaders.first { $0.name == "Authorization" }?.value == "•••")
        #expect(first.requestHeaders.first { $0.name == "Cookie" }?.value == "•••")
        #expect(first.requestHeaders.first { $0.name == "Accept" }?.value == "application/json")
        #expect(first.responseHeaders.first { $0.name == "set-cookie" }?.value == "•••")
        #expect(first.url == "https://api.example.com/v1/users/7?api_key=•••&expand=profile")
        #expect(capture.entry(at: 1).requestHeaders.first { $0.name == "X-API-Key" }?.value == "•••")
        // Nothing of a planted secret is left in any entry, whatever prints it.
        for entry in capture { #expect(!String(describing: entry).contains("planted-SECRET")) }
    }

    @Test(arguments: [
        ("https://h/v1/x?access_token=abc&q=1", "https://h/v1/x?access_token=•••&q=1"),
        ("https://h/v1/x?apiKey=abc#frag", "https://h/v1/x?apiKey=•••#frag"),
        ("https://h/v1/x?client_secret=abc&sig=zz", "https://h/v1/x?client_secret=•••&sig=•••"),
        ("https://user:pw@h/v1/x?page=2", "https://•••@h/v1/x?page=2"),
        ("/v1/x?page=2&sort=name", "/v1/x?page=2&sort=name"),
        ("https://h/v1/x?api%5Fkey=abc&empty=&flag", "https://h/v1/x?api%5Fkey=•••&empty=&flag"),
        ("https://h/v1/@me/caf\u{e9}?Pass+Word=abc", "https://h/v1/@me/caf\u{e9}?Pass+Word=•••"),
        ("https://h/v1/caf\u{e9}#token=abc", "https://h/v1/caf\u{e9}#token=abc"),
    ])
    func queryCredentialsAreMasked(url: String, masked: String) {
        #expect(CredentialMask.url(url) == masked)
    }

    @Test func sanitizedExportHasNoHeadersAndStillItsBodies() throws {
        let entries = Array(try Self.open("chrome-sanitized.har"))
        #expect(entries.allSatisfy { $0.requestHeaders.isEmpty && $0.responseHeaders.isEmpty })
        #expect(entries.map(\.status) == [200, 401])
        #expect(Self.text(entries[1].body) == #"{"error":"unauthorized","message":"The access token expired"}"#)
    }

    @Test func firefoxHTMLErrorPageIsNotJSON() throws {
        let entries = Array(try Self.open("firefox.har"))
        #expect(entries[2].body == .notJSON(mimeType: "text/html"))
        #expect(entries[1].isErrorStatus)
    }

    @Test func safariCreatorAndABodyNotRecorded() throws {
        let capture = try Self.open("safari.har")
        #expect(capture.creator == "WebKit Web Inspector")
        #expect(capture.entry(at: 1).body == .notRecorded)
        #expect(capture.entry(at: 1).body.skipReason?.description == "no body recorded")
    }

    @Test func proxymanBase64BodyIsDecoded() throws {
        let capture = try Self.open("proxyman.har")
        #expect(capture.entry(at: 0).method == "POST")
        #expect(Self.text(capture.entry(at: 0).body) == #"{"id":11,"name":"Edsger","email":"ed@example.com"}"#)
        #expect(capture.entry(at: 0).requestHeaders.first { $0.name == "Proxy-Authorization" }?.value == "•••")
    }

    @Test func charlesNoContentIsSkippedAsSuch() throws {
        let capture = try Self.open("charles.har")
        #expect(capture.creator == "Charles Proxy")
        #expect(capture.entry(at: 0).status == 204)
        #expect(capture.entry(at: 0).body == .empty)
        #expect(capture.entry(at: 0).body.skipReason?.description == "no content")
    }

    @Test func pulseEmptyEncodingIsPlainText() throws {
        let capture = try Self.open("pulse.har")
        #expect(Self.text(capture.entry(at: 0).body) == #"{"id":7,"name":"Ada","email":"ada@example.com"}"#)
        #expect(capture.entry(at: 1).status == 404)
    }

    @Test func jsonLinesHasOneEntryPerNonEmptyLine() throws {
        let capture = try Self.open("users.jsonl")
        #expect(capture.format == .jsonLines)
        let entries = Array(capture)
        #expect(entries.map(\.line) == [1, 2, 4])
        #expect(entries.map(\.index) == [0, 1, 2])
        #expect(Self.text(entries[1].body) == #"{"id":"8","name":"Alan"}"#)
        #expect(entries.allSatisfy { $0.method == nil && $0.status == nil })
    }

    @Test(
        arguments: [
            (
                "application/json; charset=utf-16le", #"{"a":"é"}"#,
                Array(#"{"a":"é"}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
            ),
            ("application/json; charset=iso-8859-1", #"{"a":"é"}"#, [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xE9, 0x22, 0x7D]),
            ("application/json", #"{"a":"é"}"#, Array(#"{"a":"é"}"#.utf8)),
            (
                " Application/JSON ;  CHARSET = 'ISO-8859-1' ", #"{"a":"é"}"#,
                [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xE9, 0x22, 0x7D]
            ),
            // A space that is not ASCII (no-break) is white space too.
            ("application/json;\u{A0}charset=latin1", #"{"a":"é"}"#, [0x7B, 0x22, 0x61, 0x22, 0x3A, 0x22, 0xE9, 0x22, 0x7D]),
        ] as [(String, String, [UInt8])])
    func textIsEncodedInTheMimeTypesCharset(mime: String, text: String, bytes: [UInt8]) throws {
        let har = """
            {"log": {"entries": [{"request": {"method": "GET", "url": "/a"},
              "response": {"status": 200, "content": {"mimeType": "\(mime)", "text": "\(text.replacingOccurrences(of: "\"", with: "\\\""))"}}}]}}
            """
        let capture = try Capture.open(Array(har.utf8), format: .har, file: "t.har")
        #expect(capture.entry(at: 0).body == .bytes(bytes))
    }

    @Test func plainTextThatLooksLikeJSONIsDecodedAndOtherTextIsNot() throws {
        let har = """
            {"log": {"entries": [
              {"request": {"method": "GET", "url": "/a"}, "response": {"status": 200, "content": {"mimeType": "text/plain", "text": "[1]"}}},
              {"request": {"method": "GET", "url": "/b"}, "response": {"status": 200, "content": {"mimeType": "text/plain", "text": "ok"}}}
            ]}}
            """
        let capture = try Capture.open(Array(har.utf8), format: .har, file: "t.har")
        #expect(capture.entry(at: 0).body == .bytes(Array("[1]".utf8)))
        #expect(capture.entry(at: 1).body == .notJSON(mimeType: "text/plain"))
    }

    @Test(arguments: [
        (#"{"log": {"entries": [}}"#, "t.har:1:22: error: the capture is not JSON"),
        (#"[1, 2]"#, "t.har:1:1: error: a HAR capture is an object with \"log\""),
        (#"{"log": {}}"#, #"t.har:1:9: error: log has no "entries" (HAR 1.2 requires it)"#),
        (
            "{\"log\": {\"entries\": [\n  {\"request\": {\"method\": \"GET\"}, \"response\": {}}]}}",
            #"t.har:2:15: error: request has no "url""#
        ),
        (
            #"{"log": {"entries": [{"request": {"method": "GET", "url": "/"}, "response": {"status": "200", "content": {}}}]}}"#,
            #"t.har:1:88: error: "status" is a string; HAR 1.2 says a number"#
        ),
        (
            #"{"log": {"entries": [{"request": {"method": "GET", "url": "/"}, "response": {"status": 2.5, "content": {}}}]}}"#,
            "t.har:1:88: error: the status 2.5 is not a whole number"
        ),
    ])
    func malformedCapturesSayWhereAndWhat(text: String, message: String) {
        #expect {
            _ = try Capture.open(Array(text.utf8), format: .har, file: "t.har")
        } throws: { error in
            String(describing: error).hasPrefix(message)
        }
    }
}

extension CaptureReaderTests {
    /// A list reads each entry with its body measured, not made (`Capture.listing(at:)`): the same
    /// size and the same plan as the entry read whole, for every exporter's capture and for bodies
    /// whose measure must bow out (bytes that are not ASCII, an escaped byte order mark) or read
    /// escapes (leading white space escaped, `\u` escapes, an empty text, text that is not JSON).
    @Test func aListingMeasuresEachBodyAsTheEntryMakesIt() throws {
        let texts = [
            #"{\"id\": 1}"#, #"\n\t {\"id\": 1}"#, #"\u0020[1]"#, #"\ufeff{\"id\": 1}"#, #"{\"name\": \"Ad\u00e9\u65e5\ud83d\ude00\"}"#,
            #"{\"name\": \"Adé\"}"#, "", #"\u0000"#, "hello", #"\u0068ello"#, #"{\"bad\": \"\ud800\"}"#, #"\/\"[\\"#,
        ]
        let mimes = ["application/json", "text/plain", "application/json; charset=utf-8", "text/plain; charset=utf-16", ""]
        var entries: [String] = []
        for (i, text) in texts.enumerated() {
            for (j, mime) in mimes.enumerated() {
                entries.append(
                    #"{"request": {"method": "GET", "url": "https://a.example/v1/\#(i)/\#(j)"}, "response": {"status": 200, "content": {"mimeType": "\#(mime)", "text": "\#(text)"}}}"#
                )
            }
        }
        let har = #"{"log": {"entries": ["# + entries.joined(separator: ",") + "]}}"
        let routes = RouteTable.single("User")
        var captures = [try Capture.open(Array(har.utf8), format: .har, file: "made.har")]
        for name in ["chrome.har", "chrome-sanitized.har", "firefox.har", "safari.har", "proxyman.har", "charles.har", "pulse.har"] {
            captures.append(try Self.open(name))
        }
        var measured = 0
        for capture in captures {
            for index in 0..<capture.count {
                let (listed, whole) = (capture.listing(at: index), capture.entry(at: index))
                if case .measured = listed.body { measured += 1 }
                #expect(listed.body.byteCount == whole.body.byteCount, "#\(index) \(whole.url ?? ""): \(listed.body) vs \(whole.body)")
                #expect(listed.body.skipReason == whole.body.skipReason, "#\(index) \(whole.url ?? "")")
                let planned = { (plan: EntryPlan) -> String in
                    switch plan {
                    case .decode(let rule, _): "decode \(rule.typeExpression)"
                    case .skip(let reason): "skip \(reason)"
                    case .unmapped(let errorResponse): "unmapped \(errorResponse)"
                    }
                }
                #expect(planned(EntryPlan(listed, routes: routes)) == planned(EntryPlan(whole, routes: routes)), "#\(index)")
                #expect(listed.url == whole.url && listed.status == whole.status && listed.responseHeaders == whole.responseHeaders)
            }
        }
        // The measure is taken where it can be (most bodies), not bowed out of everywhere.
        #expect(measured >= 20, "\(measured)")
    }
}
