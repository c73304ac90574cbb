// The ground truth: decodes a payload with Foundation's JSONDecoder and prints what it says, in the
// fields of codable-explorer's check --format json (kind, codingPath, debugDescription, errorType),
// so a test compares the two field by field.
import Foundation

@_spi(Wire) @testable import Models

func path(_ keys: [CodingKey]) -> [Any] { keys.map { $0.intValue.map { $0 as Any } ?? $0.stringValue as Any } }

func report(_ error: Error) -> [String: Any] {
    switch error {
    case DecodingError.keyNotFound(let key, let context):
        return [
            "kind": "keyNotFound", "codingPath": path(context.codingPath), "key": key.stringValue,
            "debugDescription": context.debugDescription,
        ]
    case DecodingError.typeMismatch(_, let context):
        return ["kind": "typeMismatch", "codingPath": path(context.codingPath), "debugDescription": context.debugDescription]
    case DecodingError.valueNotFound(_, let context):
        return ["kind": "valueNotFound", "codingPath": path(context.codingPath), "debugDescription": context.debugDescription]
    case DecodingError.dataCorrupted(let context):
        return ["kind": "dataCorrupted", "codingPath": path(context.codingPath), "debugDescription": context.debugDescription]
    default:
        return ["kind": "other", "errorType": String(reflecting: type(of: error)), "debugDescription": String(describing: error)]
    }
}

let arguments = CommandLine.arguments
let data = try Data(contentsOf: URL(fileURLWithPath: arguments[2]))
var answer: [String: Any] = ["ok": true]
do {
    switch arguments[1] {
    case "Theme": _ = try JSONDecoder().decode(Theme.self, from: data)
    case "[Theme]": _ = try JSONDecoder().decode([Theme].self, from: data)
    case "WireMessage": _ = try JSONDecoder().decode(WireMessage.self, from: data)
    default: fatalError("the harness does not know \(arguments[1])")
    }
} catch {
    answer = ["ok": false, "error": report(error)]
}
print(String(decoding: try JSONSerialization.data(withJSONObject: answer, options: [.sortedKeys]), as: UTF8.self))
