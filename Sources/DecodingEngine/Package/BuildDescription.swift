import Foundation

/// The part of SwiftPM's `description.json` (written beside a debug build's products) that says
/// how to link against a built target: each Swift module's objects and flags, and which modules
/// each target depends on.
struct BuildDescription: Decodable {
    struct SwiftCommand: Decodable {
        struct Input: Decodable {
            var kind: String
            var name: String
        }

        var moduleName: String
        var inputs: [Input]
        var isLibrary: Bool
        var objects: [String]
        var otherArguments: [String]
        var importPath: String?
    }

    var swiftCommands: [String: SwiftCommand]
    var targetDependencyMap: [String: [String]]

    static func read(_ file: URL) throws -> BuildDescription {
        try JSONDecoder().decode(BuildDescription.self, from: Data(contentsOf: file))
    }

    /// The target and every target it depends on, directly or not, the target first.
    func closure(of target: String) -> [String] {
        var seen: [String] = []
        var pending = [target]
        while let next = pending.popLast() {
            guard !seen.contains(next) else { continue }
            seen.append(next)
            pending += (targetDependencyMap[next] ?? []).reversed()
        }
        return seen
    }

    func command(for module: String) -> SwiftCommand? { swiftCommands.values.first { $0.moduleName == module } }

    /// The module's own compile arguments, read as swiftc reads them.
    func arguments(of module: String) -> CompileArguments { CompileArguments(command(for: module)?.otherArguments ?? []) }

    /// The value of `flag` in the target's own compile (`-package-name`).
    func argument(_ flag: String, of module: String) -> String? { arguments(of: module).value(of: flag) }

    /// The module's own compile flags (language mode, conditions, features, the package's name,
    /// testability, C modules), without what drives SwiftPM's build (incremental files, index,
    /// parseable output, headers): for compiling the module again from edited sources.
    func compileFlags(of module: String) -> [String] {
        let dropped: Set<String> = [
            "-incremental", "-enable-batch-mode", "-serialize-diagnostics", "-parseable-output", "-emit-objc-header", "-g", "-v", "-j",
            "-index-store-path", "-emit-objc-header-path", "-module-cache-path", "-output-file-map",
        ]
        return arguments(of: module).swift.filter { !dropped.contains($0.name) }.flatMap(\.words)
    }

    /// The module's Swift sources as its compile reads them (the target's, and any SwiftPM derives).
    func sources(of module: String) -> [String] {
        (command(for: module)?.inputs ?? []).map(\.name).filter { $0.hasSuffix(".swift") }
    }

    /// The flags a module importing this target needs to find the modules its compile found beside
    /// SwiftPM's own (C modules, a system library's headers): its search paths (swiftc's `-I`, `-F`;
    /// clang's `-I`, `-isystem`, …), module maps (`-Xcc -fmodule-map-file=…`) and clang's macros,
    /// each written as the target's own compile was given it (`-Xcc -I -Xcc PATH` or `-Xcc -IPATH`).
    func cModuleFlags(of module: String) -> [String] {
        let arguments = arguments(of: module)
        let swiftPaths: Set<String> = ["-I", "-F", "-Fsystem", "-Isystem"]
        let clangKept: Set<String> = ["-I", "-F", "-isystem", "-iquote", "-idirafter", "-iframework", "-ivfsoverlay", "-D", "-U"]
        let swift = arguments.swift.filter { swiftPaths.contains($0.name) && $0.value != nil }
        let clang = arguments.clang.filter { option in
            (clangKept.contains(option.name) && option.value != nil) || option.name.hasPrefix("-fmodule-map-file=")
        }
        return (swift + clang).flatMap(\.words)
    }
}
