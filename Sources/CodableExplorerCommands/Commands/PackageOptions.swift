import ArgumentParser
import CommandRuns
import DecodingEngine
import Foundation

/// Where the models' module comes from, for `check`, `fix` and the explorer alike: `--package DIR
/// --target NAME` (the package target that declares them, built with SwiftPM), or loose files'
/// `--module-name`; or `--project App.xcodeproj --target NAME` (an Xcode target's Swift files and
/// the build settings that change what they mean). A `--model` path under a package's
/// `Sources/NAME` stands for that target too, and one in an Xcode project's folder for the project
/// target that compiles it.
struct PackageOptions: ParsableArguments {
    @Option(
        help:
            "A SwiftPM package folder whose --target declares the models: built with SwiftPM (offline), decoded with the target's own module."
    )
    var package: String?

    @Option(help: "The package or Xcode project target that declares the models (with --package or --project).")
    var target: String?

    @Option(
        help:
            "An Xcode project (App.xcodeproj) whose --target declares the models: its Swift files, compiled with the build settings that change what they mean (Debug's)."
    )
    var project: String?

    @Option(
        name: .customLong("module-name"),
        help: "Loose model files' module, as your app names it (default Models): what your code throws prints with it.")
    var moduleName: String?

    @Option(
        name: .customLong("spi"),
        help: "An SPI of the package target (@_spi(NAME)) to import, so the types behind it are reached (repeatable; with --package).")
    var spis: [String] = []

    /// Where these options and the `--model` paths say the models come from.
    func sources(_ models: [String]) -> ModelSources {
        ModelSources(models: models, package: package, target: target, project: project, moduleName: moduleName, spis: spis)
    }

    /// The models of a command (`--model` paths, or the package target), its way (`--mode`) and the
    /// app's decoder (`--decoder`, or a scenario's): the ``ModelSet`` its decodes carry whole.
    func modelSet(_ models: [String], engine: EngineOptions, decoder: String? = nil) throws(CommandFailure) -> ModelSet {
        try sources(models).modelSet(mode: engine.mode, decoder: decoder ?? engine.decoder)
    }

    /// The words that give these options again (`check`'s hint for `fix … --apply N`).
    var words: [String] {
        [("--package", package), ("--project", project), ("--target", target), ("--module-name", moduleName)].flatMap { flag, value in
            value.map { [flag, $0] } ?? []
        } + spis.flatMap { ["--spi", $0] }
    }
}
