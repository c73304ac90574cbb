import Foundation
import TestSupport
import Testing

/// Compiled mode takes a model file whatever its name, as schema mode does: swiftc reads only
/// `.swift` files as Swift, so it compiles a private copy, and says the user's own path.
@Suite struct CompiledModelNameTests {
    static func check(model: URL) throws -> ProcessResult {
        try ProcessRunner.run(
            BuiltProduct.codableExplorer,
            [
                "check", Samples.folder.appendingPathComponent("01-basics/payload.json").path, "--model", model.path, "--type",
                "ProductCategory", "--mode", "compiled",
            ])
    }

    @Test func aModelNotNamedSwiftDecodesAndItsErrorsNameIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("model-name-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try String(contentsOfFile: Samples.model("01-basics"), encoding: .utf8)
        let model = folder.appendingPathComponent("Models.txt")
        try source.write(to: model, atomically: true, encoding: .utf8)
        let decoded = try Self.check(model: model)
        #expect(decoded.stdout.contains("keyNotFound at products[1]"), "\(decoded.stdout)\(decoded.stderr)")

        let broken = folder.appendingPathComponent("broken.model")
        try source.replacingOccurrences(of: "let products: [Product]", with: "let products: [Prodct]").write(
            to: broken, atomically: true, encoding: .utf8)
        let failed = try Self.check(model: broken)
        #expect(failed.stderr.contains("broken.model:5:20: error: cannot find type 'Prodct' in scope"), "\(failed.stderr)")
    }
}
