import Foundation

/// Payloads written for the corners the real ones may miss, kept as files for the round trip.
enum SyntheticPayloads {
    static let all: [(name: String, json: String)] = [
        (
            "numbers",
            #"""
            {"whole": [1, -2, 9223372036854775807], "written": [40.00, 2], "beyondInt": [12345678901234567890, 1],
             "bigAndFraction": [1.5, 9007199254740993], "zeroE1": [0e1, 0.5], "underflow": [1.0e-400],
             "nothingFits": [0e1, 1e300, 1.0e-400], "exponent": [1e2, 2E-3]}
            """#
        ),
        (
            "keys",
            #"""
            {"class": 1, "self": 2, "Type": "t", "default": true, "content-type": "x", "Content-Type": "y", "2fa": false,
             "": "empty", "_": 1, "a b": 2, "CodingKeys": 3, "Data": {"x": 1}, "date": {"y": 2}, "url": {"z": 3},
             "Self": 1, "user_id": 1, "userId": "2", "init": {"deinit": {"return": [1]}}, "naïve": 1, "名前": "n",
             "Product": {"Product": {"id": 1}}, "String": "s", "Decoder": {"a": 1},
             "modes": ["rawValue", "hashValue", "self", "init", "rawValue", ""]}
            """#
        ),
        (
            "dates",
            #"""
            {"iso": ["2024-03-05T10:00:00Z", "2024-03-12T15:30:00.250Z", "2012-01-03T23:36:29+02:00"],
             "local": "2018-07-05T22:53:15", "micro": "2018-07-05T22:53:15.231061Z", "day": "1990-04-28",
             "gitlab": "2023-03-27 00:03:05 UTC", "twitter": "Wed Dec 09 19:40:11 +0000 2015",
             "http": "Tue, 10 Oct 2017 16:00:00 GMT", "notADate": ["2024-13-45", "2024-01-01"], "empty": "",
             "epochText": "1425318850.000003", "mixed": ["2024-03-05T10:00:00Z", 5]}
            """#
        ),
        (
            "kinds",
            #"""
            [{"v": 1, "w": [1, "a"], "x": {"a": 1}, "y": null, "z": []},
             {"v": "a", "w": [true, 2.5, {"k": 1}, [1]], "x": "s", "y": null, "z": [[]]},
             {"v": true, "w": [], "x": [1], "z": [[null]]},
             {"v": {"n": null}, "x": null, "opt": {}}]
            """#
        ),
        (
            "maps",
            #"""
            {"byId": {"1": {"n": 1}, "22": {"n": 2, "m": "x"}}, "byUUID": {"3F2504E0-4F89-11D3-9A0C-0305E82C3301": true},
             "byDate": {"2019-12-09": 4, "2019-12-10": null}, "empty": {}, "events": [
              {"counts": {"a": 1, "b": 2, "c": 3, "d": 4}}, {"counts": {"e": 5, "f": 6, "g": 7, "h": 8}},
              {"counts": {"i": 9, "j": 10}}], "rooms": {"kitchen": {"min": 1}, "office": {"min": 2.5}}}
            """#
        ),
        ("root-array-of-arrays", "[[1, 2], [3.5], []]"),
        ("root-scalar", "\"just a string\""),
        ("root-null", "null"),
        ("root-empty-array", "[]"),
        ("deep", String(repeating: "{\"a\":[", count: 100) + "1" + String(repeating: "]}", count: 100)),
    ]

    /// Two payloads for the controls: a model of the first reads the second but leaves `b` behind.
    static let controls: [(name: String, json: String)] = [
        ("control-narrow", #"{"a": 1}"#),
        ("control-wide", #"{"a": 1, "b": {"c": 2}}"#),
    ]

    /// The payloads as files in a temporary folder.
    static func files() throws -> [(name: String, url: URL)] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("model-inference-synthetic")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try (all + controls).map { payload in
            let url = folder.appendingPathComponent(payload.name + ".json")
            let data = Data(payload.json.utf8)
            if (try? Data(contentsOf: url)) != data { try data.write(to: url, options: .atomic) }
            return (payload.name, url)
        }
    }
}
