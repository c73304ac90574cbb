import JSONTree
import Testing

/// Walking a path into a payload, and saying why it does not get there.
@Suite struct NodePathResolvingTests {
    static let payload = """
        {"results": [{"name": "a", "tags": ["x", "y"]}, {"name": "b"}],
         "items": [1, 2, 3], "count": 3, "nothing": null, "one": [true],
         "0": "zero key", "byIndex": {"0": "key zero", "1": "key one"},
         "line_items": [], "userName": "u", "username": "v",
         "key.with.dots": {"has space": true}}
        """
    static let tree = try! JSONTree.parse(Array(payload.utf8))

    /// The raw text of the node a path reaches, or the failure's message.
    static func reach(_ text: String, in given: JSONTree? = nil) throws -> String {
        let tree = given ?? Self.tree
        switch try NodePath(parsing: text).resolve(in: tree) {
        case let .success(node): return tree.rawText(node)
        case let .failure(error): return "error: \(error.message)"
        }
    }

    static let reachable: [(path: String, raw: String, resolved: String)] = [
        ("", payload, "$"),
        ("results[0].tags[1]", "\"y\"", "$.results[0].tags[1]"),
        ("results.1.name", "\"b\"", "$.results[1].name"),
        ("items.2", "3", "$.items[2]"),
        ("0", "\"zero key\"", "$[\"0\"]"),
        ("byIndex.0", "\"key zero\"", "$.byIndex[\"0\"]"),
        ("/byIndex/1", "\"key one\"", "$.byIndex[\"1\"]"),
        ("/items/0", "1", "$.items[0]"),
        ("[\"key.with.dots\"][\"has space\"]", "true", "$[\"key.with.dots\"][\"has space\"]"),
    ]

    @Test(arguments: reachable)
    func bareNumbersAreIndicesInArraysAndKeysInObjects(path: String, raw: String, resolved: String) throws {
        #expect(try Self.reach(path) == raw)
        let settled = try NodePath(parsing: path).resolved(in: Self.tree).get()
        #expect(settled.description == resolved)
        #expect(settled.isResolved)
    }

    static let unreachable: [(path: String, message: String, prefix: String, failed: Int)] = [
        ("results[0].nmae", "$.results[0] is an object with no key \"nmae\" (did you mean \"name\"?)", "$.results[0]", 2),
        ("results.0.nmae", "$.results[0] is an object with no key \"nmae\" (did you mean \"name\"?)", "$.results[0]", 2),
        ("items[7]", "index 7 is out of range: $.items has 3 elements", "$.items", 1),
        ("items.3", "index 3 is out of range: $.items has 3 elements", "$.items", 1),
        ("one[1]", "index 1 is out of range: $.one has 1 element", "$.one", 1),
        ("count.x", "$.count is a number; it has no key \"x\"", "$.count", 1),
        ("nothing[0]", "$.nothing is null; it has no element [0]", "$.nothing", 1),
        ("results[1].name.0", "$.results[1].name is a string; it has no key or element 0", "$.results[1].name", 3),
        ("lineItems", "$ is an object with no key \"lineItems\" (did you mean \"line_items\"?)", "$", 0),
        ("RESULTS", "$ is an object with no key \"RESULTS\" (did you mean \"results\"?)", "$", 0),
        ("username_", "$ is an object with no key \"username_\" (did you mean \"userName\" or \"username\"?)", "$", 0),
        ("zzz", "$ is an object with no key \"zzz\"", "$", 0),
        (
            "results.name",
            "$.results is an array of 2 elements; it has no key \"name\" (write an index first, as in $.results[0])", "$.results", 1
        ),
        ("byIndex[0]", "$.byIndex is an object; it has no index [0] (for its key \"0\", write $.byIndex[\"0\"])", "$.byIndex", 1),
        ("byIndex[5]", "$.byIndex is an object; it has no index [5]", "$.byIndex", 1),
        ("byIndex.5", "$.byIndex is an object with no key \"5\"", "$.byIndex", 1),
        (
            "[\"key.with.dots\"][\"has  space\"]",
            "$[\"key.with.dots\"] is an object with no key \"has  space\" (did you mean \"has space\"?)", "$[\"key.with.dots\"]", 1
        ),
        ("[\"\\u001b[2J\"]", "$ is an object with no key \"\\u001B[2J\"", "$", 0),
    ]

    @Test(arguments: unreachable)
    func failuresNameTheDeepestExistingPrefix(path: String, message: String, prefix: String, failed: Int) throws {
        let parsed = try NodePath(parsing: path)
        guard case let .failure(error) = parsed.resolve(in: Self.tree) else {
            Issue.record("\(path) resolved")
            return
        }
        #expect(error.message == message)
        #expect(error.prefix.description == prefix)
        #expect(error.failedComponent == failed)
        #expect(error.prefix.resolve(in: Self.tree) == .success(error.node), "the prefix exists and is the node reported")
        #expect(parsed.resolved(in: Self.tree) == .failure(error))
    }

    @Test func everyNodesPathLeadsBackToIt() throws {
        let payload = """
            {"a": [1, {"b": null, "key.with.dots": [[], {}]}], "": {"0": "zero", "a/b~c": [true, false]},
             "has space": "x", "\\u001b[31m": 1, "café": {"😀": [0.5]}, "quote\\"d": ["\\\\"]}
            """
        let tree = try JSONTree.parse(Array(payload.utf8))
        #expect(tree.nodeCount == 20)
        for node in 0..<tree.nodeCount {
            let path = NodePath(of: node, in: tree)
            #expect(path.isResolved)
            #expect(path.resolve(in: tree) == .success(node), "\(path)")
            #expect(try NodePath(parsing: path.description).resolve(in: tree) == .success(node), "\(path)")
            #expect(try NodePath(parsing: path.jsonPointer).resolve(in: tree) == .success(node), "\(path.jsonPointer)")
        }
    }

    @Test func aShadowedDuplicateKeyLeadsToTheFirstMemberAsJSONDecoderReadsIt() throws {
        let tree = try JSONTree.parse(Array(#"{"a": 1, "a": 2}"#.utf8))
        let second = Array(tree.children(tree.root))[1]
        #expect(tree.rawText(second) == "2")
        let path = NodePath(of: second, in: tree)
        #expect(path.description == "$.a")
        #expect(path.resolve(in: tree).map { tree.rawText($0) } == .success("1"))
    }

    @Test func jsonLinesRecordsAreTheFirstStep() throws {
        let tree = try JSONTree.parse(
            Array("{\"a\": 1}\n{\"a\": [2, 3]}\n".utf8),
            options: JSONTree.Options(jsonLines: .on))
        #expect(try Self.reach("1.a[1]", in: tree) == "3")
        #expect(try Self.reach("/0/a", in: tree) == "1")
        let three = try NodePath(parsing: "[1].a[1]").resolve(in: tree).get()
        #expect(NodePath(of: three, in: tree).description == "$[1].a[1]")
        #expect(try Self.reach("[5]", in: tree) == "error: index 5 is out of range: the payload has 2 JSON Lines records")
        #expect(
            try Self.reach("a", in: tree)
                == "error: $ is a JSON Lines payload of 2 records; it has no key \"a\" (write an index first, as in $[0])")
    }
}
