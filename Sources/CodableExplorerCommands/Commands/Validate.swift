import ArgumentParser
import CommandRuns
import Foundation
import JSONTree

/// `validate`: would JSONDecoder accept this payload if a model read every value?
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a payload as JSONDecoder reads it, and say what is wrong and where.",
        discussion: """
            Exit status: 0 JSONDecoder would accept the payload, 1 it would not, 2 the file cannot be read.

            Example:
              curl -s https://api.example.com/orders | codable-explorer validate -
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: "The payload file, or - for standard input.")
    var payload: String

    @Flag(help: "Read JSON5, as JSONDecoder with allowsJSON5 = true.")
    var json5 = false

    @Flag(name: .customLong("json-lines"), help: "Read one JSON value per line (JSON Lines).")
    var jsonLines = false

    @Option(help: "Output format: text (compiler-style diagnostics) or json.")
    var format: Format = .text

    func run() throws {
        let bytes: [UInt8]
        do {
            bytes = try PayloadInput.read(payload)
        } catch {
            PayloadInput.complain(error)
            throw ExitCode(2)
        }
        let kind = PayloadKind(path: payload)
        let options = JSONTree.Options(json5: json5 || kind == .json5, jsonLines: jsonLines || kind == .jsonLines ? .on : .off)
        let report = ValidationReport(payload: bytes, options: options)
        let name = PayloadInput.displayName(payload)
        switch format {
        case .text: print(report.text(file: name, payload: bytes))
        case .json: print(report.json(file: name))
        }
        if !report.accepted { throw ExitCode(1) }
    }
}
