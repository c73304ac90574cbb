import JSONTree
import Testing

@testable import DecodingEngine

/// The engine finds the member each coding key reads in one pass over an object, comparing
/// bytes in place. It must find exactly what the plain rule finds, Foundation's
/// (``KeyMatching``): the first member whose key, converted under snake_case, equals the
/// coding key (KeyMatchingAgreementTests hold that rule to JSONDecoder itself).
@Suite("Finding members by key")
struct MemberLookupTests {
    struct Case: CustomStringConvertible {
        var payload: String
        var keys: [String]
        var json5 = false
        var description: String { payload }
    }

    static let cases: [Case] = [
        // Under snake_case the first member that converts to the key wins, even over a later
        // exact match (JSONDecoder reads `node_id` for `nodeId` here); a key with inner
        // underscores never matches as written.
        .init(
            payload: #"{"node_id": 1, "id": 2, "nodeId": 3, "NODE_ID": 4}"#,
            keys: ["id", "nodeId", "node_id", "NodeId", "nodeID", "missing"]),
        // Leading and trailing underscores stay; words after the first are capitalized.
        .init(
            payload: #"{"_html_URL_": 1, "html_url": 2, "htmlUrl": 3, "a__b": 4}"#,
            keys: ["_htmlUrl_", "htmlUrl", "html_url", "htmlURL", "aB"]),
        // Keys written with escapes.
        .init(
            payload: #"{"a\u005fb": 1, "a_b": 2, "\u0069d": 3, "q\"uote": 4}"#,
            keys: ["aB", "a_b", "id", "q\"uote"]),
        // Beyond ASCII: Unicode case mapping, and canonically equivalent spellings (the
        // converted key is compared as a String; an exact match compares bytes).
        .init(
            payload: #"{"caf\u00e9_au_lait": 1, "über_größe": 2, "e\u0301": 3, "é_x": 4, "kelvin_k": 5}"#,
            keys: ["caféAuLait", "überGröße", "é", "e\u{301}", "éX", "e\u{301}X", "kelvinK", "kelvin\u{212A}"]),
        // Duplicate members: the first one is the one JSONDecoder reads.
        .init(payload: #"{"a": 1, "a": 2, "b_c": 3, "b_c": 4, "bC": 5}"#, keys: ["a", "bC", "b_c"]),
        // Members in another order than the keys, and keys asked twice.
        .init(payload: #"{"z": 1, "y_y": 2, "x": 3, "w_w": 4}"#, keys: ["x", "wW", "yY", "z", "x", "wW"]),
        .init(payload: #"{"": 1, "_": 2, "__": 3, "_a_": 4}"#, keys: ["", "_", "__", "_a_", "A"]),
        .init(
            payload: #"{unquoted_key: 1, 'single_quoted': 2, "x": 3, 'a\u005fb': 4}"#,
            keys: ["unquotedKey", "singleQuoted", "unquoted_key", "single_quoted", "x", "aB"], json5: true),
        .init(payload: #"[{"a": 1}]"#, keys: ["a"]),
    ]

    /// The rule, written plainly (``KeyMatching``, which Teaching and the explorer call).
    static func reference(_ tree: JSONTree, _ node: NodeID, _ key: String, snakeCase: Bool) -> NodeID? {
        KeyMatching.member(of: node, key: key, in: tree, keys: snakeCase ? .convertFromSnakeCase : .useDefaultKeys)
    }

    @Test("each key finds the member the plain rule finds", arguments: cases)
    func matchesTheRule(_ c: Case) throws {
        let tree = try JSONTree.parse(Array(c.payload.utf8), options: .init(json5: c.json5, detectsDuplicateKeys: false))
        for strategy in [DecodeOptions.KeyStrategy.useDefaultKeys, .convertFromSnakeCase] {
            let resolver = CodingPathResolver(tree: tree, keys: strategy)
            let expected = c.keys.map { Self.reference(tree, tree.root, $0, snakeCase: strategy == .convertFromSnakeCase) }
            #expect(resolver.members(of: tree.root, keys: KeyTable(c.keys)) == expected, "\(strategy)")
            #expect(c.keys.map { resolver.member(of: tree.root, key: $0) } == expected, "\(strategy)")
        }
    }

    @Test("generated objects: each key finds the member the plain rule finds")
    func generatedObjects() throws {
        var seed: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(bound))
        }
        let pieces = ["a", "b", "A", "_", "é", "\\u005f"]
        func word() -> String { (0..<next(5)).map { _ in pieces[next(pieces.count)] }.joined() }
        for _ in 0..<400 {
            let members = (0..<next(8)).map { _ in word() }
            let payload = "{" + members.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ", ") + "}"
            let tree = try JSONTree.parse(Array(payload.utf8), options: .init(detectsDuplicateKeys: false))
            let written = tree.children(tree.root).map { tree.key($0) ?? "" }
            let keys = (0..<(1 + next(6))).map { _ -> String in
                switch next(3) {
                case 0 where !written.isEmpty: written[next(written.count)]
                case 1 where !written.isEmpty: SnakeCase.convert(written[next(written.count)])
                default: word().replacingOccurrences(of: "\\u005f", with: "_")
                }
            }
            for strategy in [DecodeOptions.KeyStrategy.useDefaultKeys, .convertFromSnakeCase] {
                let resolver = CodingPathResolver(tree: tree, keys: strategy)
                let expected = keys.map { Self.reference(tree, tree.root, $0, snakeCase: strategy == .convertFromSnakeCase) }
                let found = resolver.members(of: tree.root, keys: KeyTable(keys))
                if found != expected {
                    Issue.record("\(payload) keys \(keys) \(strategy): \(found), expected \(expected)")
                    return
                }
            }
        }
    }

    @Test("the cases exercise exact and converted matches")
    func casesAreNotTrivial() throws {
        var exact = 0
        var convertedOnly = 0
        for c in Self.cases {
            let tree = try JSONTree.parse(Array(c.payload.utf8), options: .init(json5: c.json5, detectsDuplicateKeys: false))
            for key in c.keys {
                if Self.reference(tree, tree.root, key, snakeCase: false) != nil {
                    exact += 1
                } else if Self.reference(tree, tree.root, key, snakeCase: true) != nil {
                    convertedOnly += 1
                }
            }
        }
        #expect(exact >= 15)
        #expect(convertedOnly >= 10)
    }

    @Test("the byte-wise snake_case comparison agrees with converting the string, for every short ASCII key")
    func snakeCaseBytes() {
        var words = [""]
        for _ in 0..<4 { words += words.filter { $0.count == words.last!.count }.flatMap { w in ["a", "B", "_", "9"].map { w + $0 } } }
        let converted = Set(words.map(SnakeCase.convert))
        let candidates = Array(converted) + words
        for raw in words {
            let conversion = SnakeCase.convert(raw)
            for wanted in candidates {
                let bytes = Array(raw.utf8)
                let result = bytes.withUnsafeBufferPointer { raw in
                    Array(wanted.utf8).withUnsafeBufferPointer { SnakeCase.converted(raw, equals: $0) }
                }
                if result != (conversion == wanted) {
                    Issue.record("\(raw) against \(wanted): \(String(describing: result)), convert gives \(conversion)")
                    return
                }
            }
        }
    }
}
