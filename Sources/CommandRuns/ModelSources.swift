import DecodeWorker
import DecodingEngine
import Foundation

/// Where the models' module comes from, for `check`, `fix` and the explorer alike: a package
/// target that declares them (built with SwiftPM), loose `--model` files with their module name,
/// or an Xcode project's target (its Swift files and the build settings that change what they
/// mean). A `--model` path under a package's `Sources/NAME` stands for that target too, and one
/// in an Xcode project's folder for the project target that compiles it.
public struct ModelSources: Sendable {
    /// The `--model` paths as given.
    public var models: [String]
    public var package: String?
    public var target: String?
    public var project: String?
    public var moduleName: String?
    public var spis: [String]

    public init(
        models: [String], package: String? = nil, target: String? = nil, project: String? = nil, moduleName: String? = nil,
        spis: [String] = []
    ) {
        self.models = models
        self.package = package
        self.target = target
        self.project = project
        self.moduleName = moduleName
        self.spis = spis
    }

    /// The package target and the model paths the schema reads and the explorer watches (the
    /// target's folder), or the loose `models` as given.
    public func packageAndPaths() throws(CommandFailure) -> (package: PackageTarget?, modelPaths: [String]) {
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

    /// The models of a command, its way (`--mode`) and the app's decoder (`--decoder`, or a
    /// scenario's): the ``ModelSet`` its decodes carry whole.
    public func modelSet(mode: DecodeJob.Mode, decoder: String?) throws(CommandFailure) -> ModelSet {
        if let sources = try projectSources() {
            var set = ModelSet(paths: sources.files, mode: mode, decoderExpression: decoder, moduleName: moduleName ?? sources.moduleName)
            set.settings = sources.settings
            for note in sources.notes { PayloadInput.note(note.description) }
            return set
        }
        let (package, paths) = try packageAndPaths()
        return ModelSet(paths: paths, mode: mode, decoderExpression: decoder, package: package, moduleName: moduleName, spis: spis)
    }

    /// The Xcode target the models are: `--project` with `--target`, or the project a `--model`
    /// path lies in (``XcodeProject/enclosing(_:)``) and the target that compiles it (or
    /// `--target`). Nil when neither names one.
    public func projectSources() throws(CommandFailure) -> XcodeTargetSources? {
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

    /// The package target `--package` and `--target` name, with the folder of its sources.
    public static func target(package: String?, target: String?) throws(CommandFailure) -> (target: PackageTarget, folder: String)? {
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
