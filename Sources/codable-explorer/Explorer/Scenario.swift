import Foundation

/// A SamplePayloads scenario beside a payload: its model, type, key path and strategies,
/// so opening `SamplePayloads/05-key-path/payload.json` decodes as the tour intends.
struct Scenario: Decodable {
    struct Options: Decodable {
        var keyStrategy: String?
        var dateStrategy: String?
    }

    var type: String
    var path: String?
    var options: Options?
    /// The app's decoder expression (`makeDecoder()`), as `--decoder` gives it: a scenario whose
    /// model reads the decoder's `userInfo` or `.custom` date closure decodes with it.
    var decoder: String?
    /// The model file beside the payload.
    var modelPath = ""

    enum CodingKeys: String, CodingKey { case type, path, options, decoder }

    /// The scenario in the payload's folder: scenario.json and Models.swift both present.
    static func beside(payload path: String) -> Scenario? {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let models = folder.appendingPathComponent("Models.swift").path
        guard FileManager.default.fileExists(atPath: models),
            let data = try? Data(contentsOf: folder.appendingPathComponent("scenario.json")),
            var scenario = try? JSONDecoder().decode(Scenario.self, from: data)
        else { return nil }
        scenario.modelPath = models
        return scenario
    }
}
