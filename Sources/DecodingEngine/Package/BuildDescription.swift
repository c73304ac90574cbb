import Foundation

/// The part of SwiftPM's `description.json` (written beside a debug build's products) that says
/// how to link against a built target: each Swift module's objects and flags, and which modules
/// each target depends on.
struct BuildDescription: Decodable {
    struct SwiftCommand: Decodable {
        var moduleName: String
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
