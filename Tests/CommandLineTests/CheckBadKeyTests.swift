import Foundation
import Testing

@testable import CodableExplorerCommands

/// A key JSONDecoder cannot read fails the whole object: `check` points at the key.
@Suite struct CheckBadKeyTests {
    @Test func aControlCharacterInAKeyIsLocatedOnTheKey() throws {
        let dir = try CheckCommandTests.folder(
            model: "struct Root: Decodable { let name: String }",
            payload: "{\n  \"id\": 1,\n  \"na\u{1}me\": \"x\"\n}")
        let object = try CheckCommandTests.contract(dir, type: "Root")
        #expect(object["ok"] as? Bool == false)
        let error = try #require((object["errors"] as? [[String: Any]])?.first)
        #expect(error["kind"] as? String == "dataCorrupted")
        #expect(error["line"] as? Int == 3 && error["column"] as? Int == 6, "\(error)")
    }

    @Test func aControlCharacterInANestedKeyIsLocatedOnThatKey() throws {
        let dir = try CheckCommandTests.folder(
            model: "struct Root: Decodable { let inner: Inner }\nstruct Inner: Decodable { let a: Int }",
            payload: "{\"inner\": {\"a\": 1, \"b\u{7}\": 2}}")
        let object = try CheckCommandTests.contract(dir, type: "Root")
        let error = try #require((object["errors"] as? [[String: Any]])?.first)
        #expect(error["line"] as? Int == 1 && error["column"] as? Int == 22, "\(error)")
    }
}
