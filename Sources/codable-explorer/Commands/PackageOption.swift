import DecodingEngine
import Foundation

/// `--package DIR --target NAME`: the package target that declares the models, and its folder
/// (the model path the explorer watches and the schema reads), as SwiftPM describes the package.
/// A `--model` path under a package's `Sources/NAME` stands for that target too.
enum PackageOption {
    static func models(
        package: String?, target: String?, models: [String]
    ) throws(CommandFailure) -> (
        package: PackageTarget?, modelPaths: [String]
    ) {
        if let given = try Self.target(package: package, target: target) {
            guard models.isEmpty else {
                throw .modelAndPackage
            }
            return (given.target, [given.folder])
        }
        if let enclosing = PackageTarget.enclosing(models) { return (enclosing, [enclosing.conventionalFolder]) }
        return (nil, models)
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
