/// What a payload's file name says about how to read it: `.jsonl` and `.ndjson` are JSON Lines
/// (one document per line, which `JSONDecoder` alone rejects as a whole), `.json5` is JSON5
/// (`allowsJSON5 = true`); anything else is JSON.
public enum PayloadKind: Hashable, Sendable {
    case json, jsonLines, json5

    public init(path: String) {
        let lower = path.lowercased()
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") {
            self = .jsonLines
        } else if lower.hasSuffix(".json5") {
            self = .json5
        } else {
            self = .json
        }
    }
}
