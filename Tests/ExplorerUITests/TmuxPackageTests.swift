import Foundation
import TestSupport
import Testing

/// The explorer on models in a SwiftPM package, in the real binary in tmux: a `--model` path under
/// the package's `Sources/Models` decodes with the package's build, and a save in another target of
/// the package (the core module the models depend on) brings the new verdict.
@Suite(.serialized) struct TmuxPackageTests {
    @Test func aSaveInADependencyTargetBringsTheNewVerdict() throws {
        let socket = "ce-package-\(getpid())"
        let tmux = Tmux(socket: socket)
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("ce-package-watch-" + UUID().uuidString)
        try FileManager.default.copyItem(at: Repository.fixtures.appendingPathComponent("package"), to: copy)
        defer {
            tmux.run(["kill-server"], capture: false)
            try? FileManager.default.removeItem(at: copy)
        }
        tmux.run(
            [
                "new-session", "-d", "-x", "120", "-y", "30", "-s", "pk",
                "cd \(Tmux.shellQuoted(copy.path)) && env XDG_CONFIG_HOME=/nonexistent-ce TERM=xterm-256color "
                    + "\(Tmux.shellQuoted(BuiltProduct.codableExplorer.path)) payloads/user-bad-id.json --model App/Sources/Models/User.swift "
                    + "--type User --decoder 'makeDecoder()'; sleep 5",
            ], capture: false)
        // A first build of the package: SwiftPM's, in the test run's cache.
        let failing = tmux.screen("pk", until: "✖ 1 error", seconds: 240)
        #expect(failing.contains("thrown by the model's code: Core.IdentifierError"), "\(failing)")
        // Core's identifier learns to read "4x2" (saved whole, as an editor does).
        let identifier = copy.appendingPathComponent("App/Sources/Core/Identifier.swift")
        let source = try String(contentsOf: identifier, encoding: .utf8)
        let lenient = source.replacingOccurrences(
            of: "guard let number = Int(text) else { throw IdentifierError.notDigits(text) }",
            with: "let number = Int(text.filter(\\.isNumber)) ?? 0")
        #expect(lenient != source)
        try lenient.write(to: identifier, atomically: true, encoding: .utf8)
        let decodes = tmux.screen("pk", until: "✓ decodes", seconds: 120)
        #expect(decodes.split(separator: "\n").first?.contains("✓ decodes") == true, "\(decodes)")
    }
}
