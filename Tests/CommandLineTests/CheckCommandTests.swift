import ArgumentParser
import DecodingEngine
import Foundation
import Teaching
import Testing

@testable import CodableExplorerCommands
@testable import CommandRuns

/// `check` as scripts and CI rely on it: docs/check-output.md.
@Suite struct CheckCommandTests {
    static let model = """
        import Foundation
        struct ProductCategory: Decodable { let products: [Product] }
        struct Product: Decodable { let name: String; let price: Double; let description: String }
        """

    static let payload = """
        {"products": [
          {"name": "a", "price": 1, "description": "d"},
          {"name": "b", "price": 2}
        ]}
        """

    static func folder(model: String = model, payload: String = payload) throws -> URL {
        let dir = ValidateCommandTests.temporaryRoot.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try Data(model.utf8).write(to: dir.appendingPathComponent("Models.swift"))
        try Data(payload.utf8).write(to: dir.appendingPathComponent("payload.json"))
        return dir
    }

    /// The job for these arguments, decoded in the real worker child: what cannot run throws.
    static func job(_ arguments: [String]) throws -> (job: CheckJob, answer: CheckJob.Answer) {
        let command = try #require(try CodableExplorer.parseAsRoot(["check"] + arguments) as? Check)
        var job = try CheckJob.prepare(try command.request(), teaching: .none, value: .json)
        let answer = try job.answer(worker: FixCommandTests.worker)
        return (job, answer)
    }

    static func contract(_ dir: URL, type: String, path: String = "") throws -> [String: Any] {
        let (job, answer) = try job([
            dir.appendingPathComponent("payload.json").path, "--model", dir.appendingPathComponent("Models.swift").path,
            "--type", type, "--path", path,
        ])
        var output = CheckResult(report: answer.report, typeExpression: type, path: job.pathText)
        output.valueJSON = answer.valueJSON
        return try #require(try JSONSerialization.jsonObject(with: Data(CheckJSON.object(output).text.utf8)) as? [String: Any])
    }

    @Test func aMissingKeyIsReportedOnTheObjectThatLacksIt() throws {
        let object = try Self.contract(try Self.folder(), type: "ProductCategory")
        #expect(object["ok"] as? Bool == false)
        #expect(object["path"] as? String == "$")
        let error = try #require((object["errors"] as? [[String: Any]])?.first)
        #expect(error["kind"] as? String == "keyNotFound")
        #expect(error["key"] as? String == "description")
        #expect((error["codingPath"] as? [Any])?.count == 2)
        #expect((error["codingPath"] as? [Any])?.first as? String == "products")
        #expect((error["codingPath"] as? [Any])?.last as? Int == 1)
        #expect(
            error["debugDescription"] as? String
                == #"No value associated with key CodingKeys(stringValue: "description", intValue: nil) ("description")."#)
        #expect(error["line"] as? Int == 3 && error["column"] as? Int == 3)
        #expect(object["value"] is NSNull)
    }

    @Test func aValueAtAKeyPathDecodes() throws {
        let object = try Self.contract(try Self.folder(), type: "Product", path: "products.0")
        #expect(object["ok"] as? Bool == true)
        #expect(object["path"] as? String == "$.products[0]")
        let value = try #require(object["value"] as? [String: Any])
        #expect(value["name"] as? String == "a" && value["price"] as? Double == 1)
    }

    @Test func invalidJSONCarriesAParseError() throws {
        let object = try Self.contract(try Self.folder(payload: "{\"products\": [1 2]}"), type: "ProductCategory")
        let error = try #require((object["errors"] as? [[String: Any]])?.first)
        #expect(error["kind"] as? String == "dataCorrupted")
        #expect(error["debugDescription"] as? String == "The given data was not valid JSON.")
        let parseError = try #require(error["parseError"] as? [String: Any])
        #expect(parseError["line"] as? Int == 1 && parseError["column"] as? Int == 17)
        #expect((parseError["message"] as? String)?.contains("expected ',' or ']'") == true)
    }

    @Test func whatCannotRunIsStatusTwoMaterial() throws {
        let dir = try Self.folder()
        let payload = dir.appendingPathComponent("payload.json").path
        let model = dir.appendingPathComponent("Models.swift").path
        let cases: [([String], String)] = [
            ([payload, "--model", model, "--type", "Nope"], "Nope"),
            ([payload, "--model", model, "--type", "Product", "--path", "prodcts"], "did you mean \"products\""),
            ([dir.appendingPathComponent("missing.json").path, "--model", model, "--type", "Product"], "no such file"),
            ([payload, "--model", dir.appendingPathComponent("none.swift").path, "--type", "Product"], "none.swift"),
            ([payload, "--model", model, "--type", "Product", "--date-strategy", "weekly"], "--date-strategy"),
        ]
        for (arguments, words) in cases {
            #expect {
                _ = try Self.job(arguments)
            } throws: { error in
                "\(error)".contains(words)
            }
        }
        let broken = try Self.folder(model: "struct Product: Decodable { let name: Strin }")
        #expect(throws: CommandFailure.self) {
            _ = try Self.job([payload, "--model", broken.appendingPathComponent("Models.swift").path, "--type", "Product"])
        }
    }
}
