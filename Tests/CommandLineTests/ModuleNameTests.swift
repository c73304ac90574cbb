import Foundation
import TestSupport
import Testing

/// `--module-name`: loose model files compiled as the app's module, so an error the model's own
/// code throws prints as the app prints it. The truth is a program compiled with the same module
/// name, decoding with Foundation's `JSONDecoder`.
@Suite struct ModuleNameTests {
    static let model = """
        enum ThingError: Error { case negative(Int) }

        struct Thing: Decodable {
            let id: Int
            init(from decoder: Decoder) throws {
                id = try decoder.singleValueContainer().decode(Int.self)
                if id < 0 { throw ThingError.negative(id) }
            }
        }

        """

    @Test(arguments: [nil, "LanguageServerProtocol"])
    func aThrownErrorIsNamedByTheAppsModule(_ module: String?) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-module-name-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.model.utf8).write(to: folder.appendingPathComponent("Models.swift"))
        try Data("-3".utf8).write(to: folder.appendingPathComponent("payload.json"))
        let truth = try SwiftProgram.output(
            [
                "Models.swift": Self.model,
                "main.swift": """
                import Foundation
                do { _ = try JSONDecoder().decode(Thing.self, from: Data("-3".utf8)) } catch {
                    print(String(reflecting: type(of: error)) + " " + String(describing: error))
                }

                """,
            ], flags: ["-module-name", module ?? "Models"])
        let run = try ProcessRunner.run(
            BuiltProduct.codableExplorer,
            ["check", "payload.json", "--model", "Models.swift", "--type", "Thing", "--format", "json"]
                + (module.map { ["--module-name", $0] } ?? []), in: folder)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any], "\(run.stderr)")
        let error = try #require((json["errors"] as? [[String: Any]])?.first)
        #expect("\(error["errorType"] ?? "") \(error["debugDescription"] ?? "")\n" == truth)
    }

    @Test func aNameSwiftcWouldNotTakeIsRefusedSayingSo() throws {
        let run = try ProcessRunner.run(
            BuiltProduct.codableExplorer,
            ["check", "payload.json", "--model", "Models.swift", "--type", "Thing", "--mode", "compiled", "--module-name", "9lives"],
            in: Repository.fixtures.appendingPathComponent("supervised"))
        #expect(run.status == 2)
        #expect(run.stderr.contains("--module-name 9lives: a module name is a Swift identifier"), "\(run.stderr)")
    }
}
