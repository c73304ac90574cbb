import Foundation
import TestSupport
import Testing

/// Packages whose dependencies have C targets, as real ones do (swift-numerics' shims, swift-crypto's
/// and OpenCombine's C helpers), are checked as `swift build` builds them: the runner finds every
/// C module the target's compile found. The fixture's models use a local library (built offline)
/// with two C targets (its own module map, and one SwiftPM writes); a type of the models behind
/// `@_spi(Wire)` is reached with `--spi Wire`. The truth is the fixture's harness executable.
@Suite(.serialized) struct PackageCTargetTests {
    static let package = PackageFixture("package-c")
    static let target = ["--package", "App", "--target", "Models", "--mode", "compiled"]

    @Test func modelsOverALibraryWithCTargetsGetFoundationsAnswer() throws {
        let cases = [
            ("theme-ok.json", "Theme"), ("theme-bad-swatch.json", "Theme"), ("theme-opacity-fraction.json", "Theme"),
            ("theme-no-accent.json", "Theme"), ("themes-accent-number.json", "[Theme]"),
        ]
        for (payload, type) in cases { try Self.package.expectSameAnswer(payload, type: type, Self.target) }
    }

    /// The error HexColour's own code throws for an element of `[HexColour]` is named as HexColour's
    /// (a type of the dependency, whose source the model files do not hold), not Array's.
    @Test func anErrorADependencysTypeThrowsInAnArrayNamesThatType() throws {
        let checked = try Self.package.check("theme-bad-swatch.json", type: "Theme", Self.target)
        let error = try #require((checked.json?["errors"] as? [[String: Any]])?.first, "\(checked.stderr)")
        let expected = (error["explanation"] as? [String: Any])?["expected"] as? String
        #expect(expected == "a value the model's type accepts (in HexColour's init(from:), declared outside the model files)")
    }

    @Test func aTypeBehindAnSPIIsRefusedNamingTheSPIThenReachedWithSpi() throws {
        let refused = try Self.package.check("wire-bad-colour.json", type: "WireMessage", Self.target)
        #expect(refused.status == 2)
        #expect(
            refused.stderr.contains(
                "WireMessage is declared behind @_spi(Wire) in Models, so only a module importing that SPI reaches it: add --spi Wire"),
            "\(refused.stderr)")
        for payload in ["wire-ok.json", "wire-bad-colour.json"] {
            try Self.package.expectSameAnswer(payload, type: "WireMessage", Self.target + ["--spi", "Wire"])
        }
    }

    @Test func spiNeedsAPackageTargetAndAnSPIName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-spi-loose-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let model = folder.appendingPathComponent("WireMessage.swift")
        try Data("struct WireMessage: Decodable { let id: Int }\n".utf8).write(to: model)
        let loose = try Self.package.check("wire-ok.json", type: "WireMessage", ["--model", model.path, "--spi", "Wire"])
        #expect(loose.status == 2)
        #expect(loose.stderr.contains("--spi imports a package target's SPI: give --package DIR --target NAME"), "\(loose.stderr)")
        let badName = try Self.package.check("wire-ok.json", type: "WireMessage", Self.target + ["--spi", "Wi-re"])
        #expect(badName.status == 2)
        #expect(badName.stderr.contains("--spi Wi-re: an SPI's name is a Swift identifier"), "\(badName.stderr)")
    }
}
