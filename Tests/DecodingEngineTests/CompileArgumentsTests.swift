import Foundation
import Testing

@testable import DecodingEngine

/// SwiftPM's build description gives each Swift module's compile arguments as swiftc takes them:
/// a C module's search path as `-Xcc -I -Xcc PATH` (SwiftPM 6.3) or `-Xcc -IPATH`, its module map
/// as `-Xcc -fmodule-map-file=…`. The runner's compile gets every one of them whole, in either form,
/// and nothing that drives SwiftPM's own build.
@Suite struct CompileArgumentsTests {
    static func description(_ arguments: [String]) -> BuildDescription {
        let command = BuildDescription.SwiftCommand(
            moduleName: "Models", inputs: [], isLibrary: true, objects: [], otherArguments: arguments, importPath: "/build/Modules")
        return BuildDescription(swiftCommands: ["C.Models-debug.module": command], targetDependencyMap: [:])
    }

    static let swiftPM63 = [
        "-target", "x86_64-unknown-linux-gnu", "-incremental", "-enable-batch-mode", "-index-store-path", "/build/index/store",
        "-Onone", "-enable-testing", "-j2", "-DSWIFT_PACKAGE", "-DDEBUG",
        "-Xcc", "-fmodule-map-file=/build/CNumbersParse.build/module.modulemap", "-Xcc", "-I", "-Xcc", "/numbers/CNumbersParse/include",
        "-Xcc", "-fmodule-map-file=/numbers/_NumbersShims/include/module.modulemap", "-Xcc", "-I", "-Xcc", "/numbers/_NumbersShims/include",
        "-module-cache-path", "/build/ModuleCache", "-parseable-output", "-parse-as-library", "-emit-objc-header",
        "-emit-objc-header-path", "/build/Models.build/include/Models-Swift.h", "-swift-version", "5", "-g", "-Xcc", "-fPIC",
        "-Xcc", "-g", "-package-name", "app", "-Xcc", "-fno-omit-frame-pointer",
    ]

    @Test func everyModuleMapAndSearchPathIsKeptInTheFormItWasWritten() {
        let flags = Self.description(Self.swiftPM63).cModuleFlags(of: "Models")
        #expect(
            flags == [
                "-Xcc", "-fmodule-map-file=/build/CNumbersParse.build/module.modulemap", "-Xcc", "-I", "-Xcc",
                "/numbers/CNumbersParse/include",
                "-Xcc", "-fmodule-map-file=/numbers/_NumbersShims/include/module.modulemap", "-Xcc", "-I", "-Xcc",
                "/numbers/_NumbersShims/include",
            ])
        let joined = Self.description([
            "-Xcc", "-I/a/include", "-Xcc", "-fmodule-map-file=/a/module.modulemap", "-I", "/swift/modules", "-F/frameworks",
            "-Xcc", "-isystem", "-Xcc", "/usr/include/glib-2.0", "-Xcc", "-DGLIB_STATIC",
        ])
        #expect(
            joined.cModuleFlags(of: "Models") == [
                "-I", "/swift/modules", "-F/frameworks", "-Xcc", "-I/a/include", "-Xcc", "-fmodule-map-file=/a/module.modulemap", "-Xcc",
                "-isystem", "-Xcc", "/usr/include/glib-2.0", "-Xcc", "-DGLIB_STATIC",
            ])
    }

    /// A value is never read as a flag: the path after `-Xcc -I` is the path, whatever it looks like.
    @Test func aValueIsNeverReadAsAFlag() {
        let arguments = CompileArguments(["-Xcc", "-I", "-Xcc", "-fmodule-map-file=odd-folder-name", "-package-name", "-g"])
        #expect(
            arguments.clang == [
                .init(
                    name: "-I", value: "-fmodule-map-file=odd-folder-name",
                    words: ["-Xcc", "-I", "-Xcc", "-fmodule-map-file=odd-folder-name"])
            ])
        #expect(arguments.value(of: "-package-name") == "-g")
    }

    @Test func theOwnCompileKeepsItsLanguageAndCModulesAndDropsSwiftPMsBuildDriving() {
        let description = Self.description(Self.swiftPM63)
        #expect(description.argument("-package-name", of: "Models") == "app")
        #expect(
            description.compileFlags(of: "Models") == [
                "-target", "x86_64-unknown-linux-gnu", "-Onone", "-enable-testing", "-DSWIFT_PACKAGE", "-DDEBUG",
                "-Xcc", "-fmodule-map-file=/build/CNumbersParse.build/module.modulemap", "-Xcc", "-I", "-Xcc",
                "/numbers/CNumbersParse/include",
                "-Xcc", "-fmodule-map-file=/numbers/_NumbersShims/include/module.modulemap", "-Xcc", "-I", "-Xcc",
                "/numbers/_NumbersShims/include", "-parse-as-library", "-swift-version", "5", "-Xcc", "-fPIC", "-Xcc", "-g",
                "-package-name", "app", "-Xcc", "-fno-omit-frame-pointer",
            ])
    }
}
