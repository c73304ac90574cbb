import Foundation

/// A SamplePayloads scenario beside a payload: its model, type, key path and strategies,
/// so opening `SamplePayloads/05-key-path/payload.json` decodes as the tour intends.
public struct Scenario: Decodable {
    public struct Options: Decodable {
        public var keyStrategy: String?
        public var dateStrategy: String?
    }

    public var type: String
    public var path: String?
    public var options: Options?
    /// The app's decoder expression (`makeDecoder()`), as `--decoder` gives it: a scenario whose
    /// model reads the decoder's `userInfo` or `.custom` date closure decodes with it.
    public var decoder: String?
    /// The model file beside the payload.
    public var modelPath = ""

    public enum CodingKeys: String, CodingKey { case type, path, options, decoder }

    /// The scenario in the payload's folder (scenario.json and Models.swift both present), only when
    /// that folder is one of the tool's own samples (`trusted`: the bundled samples and the tour's
    /// private copy of them). A scenario brings model code that is compiled and run: beside a payload
    /// anywhere else (a shared folder, a download, a clone) it is ignored unless the user names it
    /// with `--scenario` (DECISIONS.md, "Only code the user named runs").
    public static func beside(payload path: String, trusted: [URL]) -> Scenario? {
        guard path != "-", trusted.contains(where: { SamplePayloads.contains($0, path) }) else { return nil }
        return try? load(URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("scenario.json").path)
    }

    /// Why a scenario the user named cannot be used.
    public enum Problem: Error, Equatable {
        case unreadable(path: String, reason: String)
        case noModelsBeside(path: String)
        case notAScenario(path: String, reason: String)
    }

    /// The scenario file at `path` (`--scenario`), with the Models.swift beside it.
    public static func load(_ path: String) throws(Problem) -> Scenario {
        let file = URL(fileURLWithPath: path)
        let models = file.deletingLastPathComponent().appendingPathComponent("Models.swift").path
        let data: Data
        do { data = try Data(contentsOf: file) } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedDescription)
        }
        guard FileManager.default.fileExists(atPath: models) else { throw .noModelsBeside(path: path) }
        var scenario: Scenario
        do { scenario = try JSONDecoder().decode(Scenario.self, from: data) } catch {
            throw .notAScenario(path: path, reason: String(describing: error))
        }
        scenario.modelPath = models
        return scenario
    }
}
