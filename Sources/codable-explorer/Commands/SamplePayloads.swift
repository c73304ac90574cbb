import Foundation

/// Finds the bundled SamplePayloads folder from any working directory.
///
/// Looked for beside the executable's package checkout (`.build/<config>/codable-explorer`
/// is three levels below the repository) and, failing that, where this source file was
/// compiled from.
enum SamplePayloads {
    static func folder() -> URL? {
        var candidates: [URL] = []
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var up = executable.deletingLastPathComponent()
        for _ in 0..<5 {
            candidates.append(up.appendingPathComponent("SamplePayloads"))
            up.deleteLastPathComponent()
        }
        var source = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { source.deleteLastPathComponent() }
        candidates.append(source.appendingPathComponent("SamplePayloads"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("01-basics/payload.json").path) }
    }

    /// The first scenario's payload, which the explorer opens with no arguments.
    static func firstPayload() -> String? {
        folder().map { $0.appendingPathComponent("01-basics/payload.json").path }
    }
}
