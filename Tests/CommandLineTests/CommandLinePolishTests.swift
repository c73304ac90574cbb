import Foundation
import TestSupport
import Testing

/// What a user sees when they ask for help, the version, or mistype a name (issue 10).
@Suite struct CommandLinePolishTests {
    static func run(_ arguments: [String]) throws -> ProcessResult {
        try ProcessRunner.run(BuiltProduct.codableExplorer, arguments, in: FileManager.default.temporaryDirectory)
    }

    static func git(_ arguments: [String], in folder: URL) throws -> String {
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: folder)
        try #require(result.status == 0, "git \(arguments): \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aMistypedSubcommandIsNamedWithTheNearestOne() throws {
        let payload = FileManager.default.temporaryDirectory.appendingPathComponent("polish-\(UUID().uuidString).json")
        try Data(#"{"a": 1}"#.utf8).write(to: payload)
        defer { try? FileManager.default.removeItem(at: payload) }
        let result = try Self.run(["chekc", payload.path])
        #expect(result.status == 2)
        #expect(result.stderr == "codable-explorer: Unknown command 'chekc' (and no such payload file): did you mean 'check'?\n")
        let alone = try Self.run(["infre"])
        #expect(alone.stderr == "codable-explorer: Unknown command 'infre' (and no such payload file): did you mean 'infer'?\n")
    }

    @Test func aFileNamedLikeACommandIsStillAPayload() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("polish-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("[1, 2]".utf8).write(to: folder.appendingPathComponent("chekc"))
        // `outline` would be the clean way; the default command needs a terminal, and says so.
        let result = try ProcessRunner.run(BuiltProduct.codableExplorer, ["chekc"], in: folder)
        #expect(!result.stderr.contains("did you mean"), "\(result.stderr)")
        let far = try Self.run(["no-such-payload.json"])
        #expect(far.status == 2)
        #expect(!far.stderr.contains("did you mean"), "\(far.stderr)")
    }

    @Test func aMistypedOptionIsNamedBeforeTheMissingOne() throws {
        let result = try Self.run(["check", "x.json", "--tpye", "Foo"])
        #expect(result.status == 2)
        #expect(result.stderr == "codable-explorer: Unknown option '--tpye' for 'check': did you mean '--type'?\n")
        let far = try Self.run(["check", "x.json", "--zzzzzz", "Foo"])
        #expect(far.stderr == "codable-explorer: Unknown option '--zzzzzz' for 'check'. See 'codable-explorer check --help'.\n")
        let explore = try Self.run(["x.json", "--modle", "M.swift"])
        #expect(explore.stderr == "codable-explorer: Unknown option '--modle' for 'explore': did you mean '--model'?\n")
    }

    @Test("every subcommand's help shows an example", arguments: ["explore", "check", "fix", "infer", "validate", "outline", "install"])
    func helpShowsAnExample(_ command: String) throws {
        let result = try Self.run([command, "--help"])
        #expect(result.status == 0)
        let example = try #require(result.stdout.components(separatedBy: "Example:\n").dropFirst().first, "\(result.stdout)")
        let line = example.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
            line.trimmingCharacters(in: .whitespaces).hasPrefix("codable-explorer \(command == "explore" ? "" : command)")
                || line.contains("| codable-explorer \(command)"), "\(line)")
    }

    @Test func versionIsTheCommitOfThisCheckout() throws {
        let result = try Self.run(["--version"])
        #expect(result.status == 0)
        let head = try Self.git(["rev-parse", "HEAD"], in: Repository.root)
        let tags = try Self.git(["tag", "--points-at", "HEAD"], in: Repository.root)
        if tags.isEmpty {
            #expect(result.stdout == "commit \(head)\n")
        } else {
            #expect(tags.split(separator: "\n").contains { $0 == result.stdout.dropLast() || $0 == "v" + result.stdout.dropLast() })
        }
    }
}
