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

    /// The package target and the model paths the schema reads and the explorer watches (the
    /// target's folder), or the loose `models` as given.
    func models(_ models: [String]) throws(CommandFailure) -> (package: PackageTarget?, modelPaths: [String]) {
        if let given = try Self.target(package: package, target: target) {
            guard models.isEmpty else { throw .modelAndPackage }
            guard moduleName == nil else { throw .moduleNameWithPackage }
            return (given.target, [given.folder])
        }
        if let enclosing = PackageTarget.enclosing(models) {
            guard moduleName == nil else { throw .moduleNameWithPackage }
            return (enclosing, [enclosing.conventionalFolder])
        }
        guard spis.isEmpty else { throw .spiWithoutPackage }
        return (nil, models)
    }

    /// The models of a command (`--model` paths, or the package target), its way (`--mode`) and the
    /// app's decoder (`--decoder`, or a scenario's): the ``ModelSet`` its decodes carry whole.
    func modelSet(_ models: [String], engine: EngineOptions, decoder: String? = nil) throws(CommandFailure) -> ModelSet {
        if let sources = try projectSources(models) {
            var set = ModelSet(
                paths: sources.files, mode: engine.mode, decoderExpression: decoder ?? engine.decoder,
                moduleName: moduleName ?? sources.moduleName)
            set.settings = sources.settings
            for note in sources.notes { PayloadInput.note(note.description) }
            return set
        }
        let (package, paths) = try self.models(models)
        return ModelSet(
            paths: paths, mode: engine.mode, decoderExpression: decoder ?? engine.decoder, package: package, moduleName: moduleName,
            spis: spis)
    }

    /// The Xcode target the models are: `--project` with `--target`, or the project a `--model`
    /// path lies in (``XcodeProject/enclosing(_:)``) and the target that compiles it (or
    /// `--target`). Nil when neither names one.
    func projectSources(_ models: [String]) throws(CommandFailure) -> XcodeTargetSources? {
        let path: String
        if let project {
            guard models.isEmpty, package == nil else { throw .projectAndOtherModels }
            path = project
        } else if package == nil, !models.isEmpty, PackageTarget.enclosing(models) == nil, let enclosing = XcodeProject.enclosing(models) {
            path = enclosing
        } else {
            return nil
        }
        // A project found above the --model paths, not named: what it cannot say leaves the paths
        // loose files, as the user gave them (a scratch file no target compiles, a project beside
        // that is not well formed), saying why.
        let implicit = project == nil && target == nil
        let loaded: XcodeProject
        do { loaded = try XcodeProject.load(path) } catch {
            guard implicit else { throw .project(error) }
            PayloadInput.note("\(error); the --model paths are read as loose model files")
            return nil
        }
        var name = target
        if name == nil, !models.isEmpty {
            do { name = try loaded.target(compiling: models) } catch {
                guard implicit, case .noTargetCompiles = error else { throw .project(error) }
                PayloadInput.note("\(error); read as loose model files")
                return nil
            }
        }
        // A project of one target needs no --target.
        if name == nil, loaded.targetNames.count == 1 { name = loaded.targetNames.first }
        guard let name else { throw .projectWithoutTarget(path, targets: loaded.targetNames) }
        do { return try loaded.sources(ofTarget: name) } catch { throw .project(error) }
    }

    /// The words that give these options again (`check`'s hint for `fix … --apply N`).
    var words: [String] {
        [("--package", package), ("--project", project), ("--target", target), ("--module-name", moduleName)].flatMap { flag, value in
            value.map { [flag, $0] } ?? []
        } + spis.flatMap { ["--spi", $0] }
    }

    static func target(package: String?, target: String?) throws(CommandFailure) -> (target: PackageTarget, folder: String)? {
        switch (package, target) {
        case (nil, nil): return nil
        case (nil, .some): throw .targetWithoutPackage
        case (.some(let folder), nil):
            throw .packageWithoutTarget(folder)
        case (.some(let folder), .some(let name)):
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder + "/Package.swift", isDirectory: &isFolder), !isFolder.boolValue else {
                throw .noPackageManifest(folder)
            }
            let target = PackageTarget(directory: URL(fileURLWithPath: folder).path, name: name)
            // SwiftPM's own layout needs no description of the package (a second saved per check);
            // a target elsewhere (`path:`) is found by SwiftPM, which also names the targets there are.
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: target.conventionalFolder, isDirectory: &isDirectory), isDirectory.boolValue {
                return (target, target.conventionalFolder)
            }
            do { return (target, try CompiledDecoder.sources(of: target).folder) } catch { throw .package(error) }
        }
    }
}
