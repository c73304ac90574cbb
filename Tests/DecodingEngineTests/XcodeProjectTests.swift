import Foundation
import TestSupport
import Testing

@testable import DecodingEngine

/// Reading an Xcode project: the Swift files a target compiles (classic groups and the Sources
/// build phase at object version 56; Xcode 16's buildable folders and their membership
/// exceptions at 77) and the build settings that change what they mean, as swiftc takes them.
@Suite struct XcodeProjectTests {
    static let fixtures = Repository.fixtures.appendingPathComponent("xcode")

    static func project(_ path: String) throws -> XcodeProject {
        try XcodeProject.load(fixtures.appendingPathComponent(path).path)
    }

    /// The files relative to the fixture folder, for reading.
    static func relative(_ files: [String], to folder: String) -> [String] {
        let base = fixtures.appendingPathComponent(folder).standardizedFileURL.path + "/"
        return files.map { $0.hasPrefix(base) ? String($0.dropFirst(base.count)) : $0 }
    }

    @Test func classicGroupsGiveTheSourcesBuildPhasesFilesThroughTheirGroupsAndSourceRoot() throws {
        let sources = try Self.project("Groups56/Shop.xcodeproj").sources(ofTarget: "Shop")
        // Scratch.swift is in the Shop group but in no build phase; the asset catalog is a resource.
        #expect(
            Self.relative(sources.files, to: "Groups56")
                == ["Shop/Models/Product.swift", "Shop/Models/Price.swift", "Shop/ShopInfo.swift", "Shared/Currency.swift"])
        #expect(sources.files.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        #expect(sources.moduleName == "Shop")
    }

    @Test func theDebugConfigurationsSettingsReachSwiftcWithInheritedConditions() throws {
        let sources = try Self.project("Groups56/Shop.xcodeproj").sources(ofTarget: "Shop")
        // Project Debug: "DEBUG $(inherited)"; target Debug: "$(inherited) SHOP_CENTS"; SWIFT_VERSION = 5.0.
        #expect(sources.settings.arguments == ["-swift-version", "5", "-D", "DEBUG", "-D", "SHOP_CENTS"])
        #expect(sources.notes.contains(.configuration("Debug", isDefault: false)))
    }

    /// Draft.swift and Legacy/OldNote.swift are the target's exceptions, Notes.docc/Snippet.swift
    /// is inside a documentation catalog; none of them compiles.
    @Test func aBuildableFolderLeavesOutItsMembershipExceptionsForTheTarget() throws {
        let project = try Self.project("Buildable77/Notes.xcodeproj")
        #expect(project.targetNames == ["Notes", "NotesTests"])
        let notes = try project.sources(ofTarget: "Notes")
        #expect(Self.relative(notes.files, to: "Buildable77") == ["Notes/Model/Tag.swift", "Notes/Note.swift"])
        let tests = try project.sources(ofTarget: "NotesTests")
        #expect(Self.relative(tests.files, to: "Buildable77") == ["NotesTests/NoteTests.swift"])
    }

    /// The buildable-folder project as Xcode 16.0 wrote it (object version 70: its folders also list
    /// `explicitFileTypes` and `explicitFolders`), and under the versions Xcode 15 wrote: the same files.
    @Test(arguments: ["60", "63", "70"])
    func otherObjectVersionsGiveTheSameFiles(_ version: String) throws {
        let original = Self.fixtures.appendingPathComponent("Buildable77")
        let text = try String(contentsOf: original.appendingPathComponent("Notes.xcodeproj/project.pbxproj"), encoding: .utf8)
        let rewritten = text.replacingOccurrences(of: "objectVersion = 77;", with: "objectVersion = \(version);")
            .replacingOccurrences(of: "preferredProjectObjectVersion = 77;", with: "preferredProjectObjectVersion = \(version);")
            .replacingOccurrences(
                of: "\t\t\tpath = Notes;\n",
                with: "\t\t\texplicitFileTypes = {\n\t\t\t};\n\t\t\texplicitFolders = (\n\t\t\t);\n\t\t\tpath = Notes;\n")
        #expect(rewritten.contains("objectVersion = \(version);") && rewritten.contains("explicitFolders"))
        // A copy of the fixture, the project rewritten.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-xcode-\(version)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Notes.xcodeproj"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Notes", "NotesTests"] {
            try FileManager.default.copyItem(at: original.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        try Data(rewritten.utf8).write(to: folder.appendingPathComponent("Notes.xcodeproj/project.pbxproj"))
        let notes = try XcodeProject.load(folder.appendingPathComponent("Notes.xcodeproj").path).sources(ofTarget: "Notes")
        let base = folder.standardizedFileURL.path + "/"
        #expect(notes.files.map { $0.replacingOccurrences(of: base, with: "") } == ["Notes/Model/Tag.swift", "Notes/Note.swift"])
    }

    @Test func otherSwiftFlagsKeepWhatChangesMeaningAndNoteWhatIsDropped() throws {
        let notes = try Self.project("Buildable77/Notes.xcodeproj").sources(ofTarget: "Notes")
        #expect(notes.settings.arguments == ["-swift-version", "6", "-D", "DEBUG", "-D", "NOTES_V2"])
        #expect(notes.notes.contains(.droppedFlag("-Xfrontend -warn-long-function-bodies=200")))
    }

    @Test func anXcode26AppTargetIsMainActorIsolatedWithApproachableConcurrency() throws {
        let weather = try Self.project("MainActor77/Weather.xcodeproj").sources(ofTarget: "Weather")
        #expect(
            Self.relative(weather.files, to: "MainActor77") == [
                "Weather/Forecast.swift", "Weather/Networking.swift", "Weather/Units.swift",
            ])
        #expect(weather.settings.defaultIsolation == "MainActor")
        #expect(weather.settings.languageMode == "6")
        // Swift 6 has the approachable features that came before it; these two it does not.
        #expect(
            weather.settings.upcomingFeatures == ["MemberImportVisibility", "InferIsolatedConformances", "NonisolatedNonsendingByDefault"])
        #expect(weather.settings.arguments.starts(with: ["-swift-version", "6", "-default-isolation", "MainActor"]))
    }

    @Test func anUnknownTargetIsRefusedWithTheTargetsThereAre() throws {
        let project = try Self.project("Buildable77/Notes.xcodeproj")
        #expect(throws: XcodeProject.Problem.unknownTarget(project: project.bundle, name: "Note", known: ["Notes", "NotesTests"])) {
            try project.sources(ofTarget: "Note")
        }
        let problem = XcodeProject.Problem.unknownTarget(project: project.bundle, name: "Note", known: ["Notes", "NotesTests"])
        #expect(problem.description.hasSuffix("has no target Note; its targets: Notes, NotesTests"))
    }

    @Test func aModelPathInTheProjectsFolderFindsTheProjectAndTheTargetCompilingIt() throws {
        let file = Self.fixtures.appendingPathComponent("Buildable77/Notes/Note.swift").path
        let found = try #require(XcodeProject.enclosing([file]))
        #expect(found == Self.fixtures.appendingPathComponent("Buildable77/Notes.xcodeproj").standardizedFileURL.path)
        #expect(try XcodeProject.load(found).target(compiling: [file]) == "Notes")
        let folder = Self.fixtures.appendingPathComponent("Buildable77/NotesTests").path
        #expect(try XcodeProject.load(found).target(compiling: [folder]) == "NotesTests")
        // An excluded file is compiled by no target.
        let excluded = Self.fixtures.appendingPathComponent("Buildable77/Notes/Draft.swift").path
        #expect(throws: XcodeProject.Problem.self) { try XcodeProject.load(found).target(compiling: [excluded]) }
    }

    /// The folders above a model are searched for a project name by name (`readdir`): the names
    /// found are those FileManager lists that end in `.xcodeproj`, among thousands of others, and
    /// a folder holding two projects names neither.
    @Test func theFoldersAboveAModelAreSearchedAsFileManagerListsThem() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("projects-" + UUID().uuidString)
        defer { try? FileManager.default.removeItem(at: folder) }
        let models = folder.appendingPathComponent("App/Models")
        try FileManager.default.createDirectory(at: models, withIntermediateDirectories: true)
        let decoys =
            (0..<3000).map { "TemporaryDirectory.\($0)" } + ["xcodeproj", "App.xcodeproj.bak", "Ünïcödé.xcodeprojx", "a b.XCODEPROJ"]
        for name in decoys { try Data().write(to: folder.appendingPathComponent(name)) }
        let model = models.appendingPathComponent("User.swift")
        try Data("struct User: Decodable { let id: Int }\n".utf8).write(to: model)
        #expect(XcodeProject.enclosing([model.path]) == nil, "no project above it")
        for name in ["Ünïcödé App.xcodeproj", "Other.xcodeproj"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        let listed = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".xcodeproj") }
        #expect(FolderNames.ending(with: ".xcodeproj", in: folder.path).sorted() == listed.sorted())
        #expect(listed.count == 2)
        #expect(XcodeProject.enclosing([model.path]) == nil, "two projects: --project says which")
        try FileManager.default.removeItem(at: folder.appendingPathComponent("Other.xcodeproj"))
        let project = folder.appendingPathComponent("Ünïcödé App.xcodeproj").standardizedFileURL.path
        #expect(XcodeProject.enclosing([model.path]) == project)
    }

    /// Each broken project is the Groups56 project with one line changed; the error names that line.
    @Test(arguments: [
        ("\t\t\tpath = Models;", "\t\t\tpath = Models", "expected ';' after the value of path, found 'sourceTree'"),
        (
            "\trootObject = 4A1F00602B3C4D5E00A1B2C3 /* Project object */;", "\trootObject = \"4A1F;",
            "the quoted string that starts on line"
        ),
        ("\t\t\tisa = PBXGroup;", "\t\t\tisa = PBXGroup; ]", "expected a key or '}', found ']'"),
        ("\t\t\tproductName = Shop;", "\t\t\tproductName = ;", "expected a value, found ';'"),
    ])
    func aMalformedProjectFileIsRefusedAtItsLine(original: String, broken: String, message: String) throws {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("Groups56/Shop.xcodeproj/project.pbxproj"), encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex(of: original))
        lines[line] = broken
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-xcode-\(UUID().uuidString)/Shop.xcodeproj")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        try Data(lines.joined(separator: "\n").utf8).write(to: folder.appendingPathComponent("project.pbxproj"))
        do {
            _ = try XcodeProject.load(folder.path)
            Issue.record("a broken project file was read")
        } catch {
            let file = folder.standardizedFileURL.path + "/project.pbxproj"
            // A missing ';' is found where the next token starts: the line after.
            let reported = message.hasPrefix("expected ';'") ? line + 2 : line + 1
            #expect(error.description.hasPrefix("\(file):\(reported): error: "), "\(error)")
            #expect(error.description.contains(message), "\(error)")
        }
    }

    /// Every prefix of a real project file is refused at a line the prefix has, never read as a
    /// project and never a crash; so is nesting deeper than any project's.
    @Test func cutOrNestedTooDeepIsAnErrorAtALineNeverACrash() throws {
        let text = try String(contentsOf: Self.fixtures.appendingPathComponent("Groups56/Shop.xcodeproj/project.pbxproj"), encoding: .utf8)
        let bytes = Array(text.utf8)
        #expect(throws: Never.self) { try ProjectPlistParser.parse(text) }
        for length in 0..<bytes.count where bytes[length] != UInt8(ascii: "\n") {
            let prefix = String(decoding: bytes[..<length], as: UTF8.self)
            let lines = prefix.split(separator: "\n", omittingEmptySubsequences: false).count
            do {
                // A lone `/` is a string, which no project is (XcodeProject refuses it); nothing else parses.
                if try ProjectPlistParser.parse(prefix).string != "/" {
                    Issue.record("the first \(length) bytes were read as a property list")
                    break
                }
            } catch {
                guard error.line >= 1, error.line <= lines else {
                    Issue.record("the first \(length) bytes: line \(error.line) of \(lines)")
                    break
                }
            }
        }
        for deep in [String(repeating: "(", count: 100_000), String(repeating: "{a=", count: 100_000)] {
            #expect(throws: ProjectPlistParser.Failure(line: 1, problem: .nestedTooDeep(limit: ProjectPlistParser.depthLimit))) {
                try ProjectPlistParser.parse(deep)
            }
        }
    }
}
