import DecodingEngine
import Foundation

/// `--package DIR --target NAME`: the package target that declares the models, and its folder
/// (the model path the explorer watches and the schema reads), as SwiftPM describes the package.
enum PackageOption {
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
            do { return (target, try CompiledDecoder.sources(of: target).folder) } catch { throw .package(error) }
        }
    }
}
