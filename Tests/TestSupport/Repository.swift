import Foundation

/// Where the package's own files are, for tests: everything a test reads lives in the
/// repository (`Tests/Fixtures`, `SamplePayloads`, `Sources`), never beside it.
public enum Repository {
    /// The package root: the nearest folder above this file that holds `Package.swift`.
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// `Tests/Fixtures`: third-party data copied in with its licence.
    public static let fixtures = root.appendingPathComponent("Tests/Fixtures")

    /// `SamplePayloads`: the bundled scenarios of the guided tour.
    public static let samplePayloads = root.appendingPathComponent("SamplePayloads")

    /// The files in `folder` whose names end with `suffix`, sorted by name; throws when there
    /// are none, so a test over a missing or emptied fixture folder fails instead of passing
    /// over zero cases.
    public static func files(in folder: URL, endingWith suffix: String = "") throws -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let matching = names.filter { $0.hasSuffix(suffix) }.sorted()
        guard !matching.isEmpty else { throw FixtureError.noFiles(folder: folder.path, suffix: suffix) }
        return matching.map { folder.appendingPathComponent($0) }
    }
}

/// A fixture a test needs is not in the repository.
public enum FixtureError: Error, CustomStringConvertible {
    case noFiles(folder: String, suffix: String)

    public var description: String {
        switch self {
        case .noFiles(let folder, let suffix):
            "no fixture files\(suffix.isEmpty ? "" : " ending in \(suffix)") in \(folder): the repository is incomplete"
        }
    }
}
