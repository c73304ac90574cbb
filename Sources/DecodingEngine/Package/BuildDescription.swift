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

    /// The value after `flag` in the target's own compile (`-package-name`).
    func argument(_ flag: String, of module: String) -> String? {
        guard let arguments = command(for: module)?.otherArguments, let at = arguments.firstIndex(of: flag),
            at + 1 < arguments.count
        else { return nil }
        return arguments[at + 1]
    }

    /// The module's own compile flags (language mode, conditions, features, the package's name,
    /// testability, C modules), without what drives SwiftPM's build (incremental files, index,
    /// parseable output, headers): for compiling the module again from edited sources.
    func compileFlags(of module: String) -> [String] {
        guard let arguments = command(for: module)?.otherArguments else { return [] }
        let dropped: Set<String> = [
            "-incremental", "-enable-batch-mode", "-serialize-diagnostics", "-parseable-output", "-emit-objc-header", "-g", "-v",
        ]
        let droppedWithValue: Set<String> = ["-index-store-path", "-emit-objc-header-path", "-module-cache-path", "-output-file-map"]
        var flags: [String] = []
        var at = 0
        while at < arguments.count {
            let argument = arguments[at]
            if argument == "-Xcc" || argument == "-Xfrontend", at + 1 < arguments.count {
                flags += [argument, arguments[at + 1]]
                at += 2
                continue
            }
            if droppedWithValue.contains(argument) {
                at += 2
                continue
            }
            if !dropped.contains(argument) && !argument.hasPrefix("-j") { flags.append(argument) }
            at += 1
        }
        return flags
    }

    /// The module's Swift sources as its compile reads them (the target's, and any SwiftPM derives).
    func sources(of module: String) -> [String] {
        (command(for: module)?.inputs ?? []).map(\.name).filter { $0.hasSuffix(".swift") }
    }

    /// The flags a module importing this target needs to find the C modules it imports (`-Xcc
    /// -fmodule-map-file=…`, `-Xcc -I…`), as the target's own compile was given them.
    func cModuleFlags(of module: String) -> [String] {
        guard let arguments = command(for: module)?.otherArguments else { return [] }
        var flags: [String] = []
        for (at, argument) in arguments.enumerated() where argument == "-Xcc" && at + 1 < arguments.count {
            let value = arguments[at + 1]
            if value.hasPrefix("-fmodule-map-file=") || value.hasPrefix("-I") { flags += ["-Xcc", value] }
        }
        return flags
    }
}
