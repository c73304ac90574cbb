import ExplorerUI
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

    /// The tour's scenarios, in order, each with its ABOUT.md (for `S` in the explorer).
    static func scenarios() -> [ScenarioPicker.Entry] {
        guard let folder = folder(),
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [] }
        return names.sorted().compactMap { name in
            let dir = folder.appendingPathComponent(name)
            let payload = dir.appendingPathComponent("payload.json").path
            guard FileManager.default.fileExists(atPath: payload) else { return nil }
            let about = (try? String(contentsOf: dir.appendingPathComponent("ABOUT.md"), encoding: .utf8)) ?? ""
            let heading = about.split(separator: "\n").first.map { String($0.drop { $0 == "#" || $0 == " " }) }
            return ScenarioPicker.Entry(name: name, title: heading ?? name, about: about, payloadPath: payload)
        }
    }

    /// The first scenario's payload, which the explorer opens with no arguments.
    static func firstPayload() -> String? {
        folder().map { $0.appendingPathComponent("01-basics/payload.json").path }
    }
}
