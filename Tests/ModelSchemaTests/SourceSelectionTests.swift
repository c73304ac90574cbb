import Foundation
import TestSupport
import Testing

@testable import ModelSchema

/// Which files of an app's folder a decode needs (issue 37): the fixture app's SwiftUI views, its
/// `@main App`, its UIKit extension and previews are left out of a decode of `User`; a type declared
/// in a SwiftUI file is needed by `Settings`, and a compile of it is refused naming that file.
@Suite struct SourceSelectionTests {
    static let folder = Repository.fixtures.appendingPathComponent("app-folder")

    static func selection(_ type: String, decoder: String? = nil) throws -> SourceSelection {
        SourceSelection(sources: try Schema.read(paths: [folder.path]), typeExpressions: [type], decoderExpression: decoder)
    }

    static func names(_ paths: [String]) -> [String] {
        paths.map { String($0.dropFirst(folder.path.count + 1)) }
    }

    @Test func userNeedsItsModelsAndTheirContainerOverloadNotTheViews() throws {
        let selection = try Self.selection("User")
        #expect(
            Self.names(selection.files.map(\.path)) == [
                "Models/DefaultEmpty.swift", "Models/Profile.swift", "Models/Role.swift", "Models/User+Decodable.swift",
                "Models/User.swift",
            ])
        #expect(selection.refusal == nil)
        let leftOut = try #require(selection.leftOut)
        #expect(
            Self.names(leftOut.paths) == [
                "App/PocketApp.swift", "Extensions/UIColor+Brand.swift", "Views/AccentTheme.swift", "Views/ContentView.swift",
                "Views/UserRow.swift",
            ])
        #expect(
            leftOut.description
                == "left out 5 files that import SwiftUI/UIKit and hold nothing the decode of User needs: PocketApp.swift, UIColor+Brand.swift, AccentTheme.swift, ContentView.swift and 1 more"
        )
    }

    @Test func theDecoderExpressionBringsInTheFileThatDeclaresIt() throws {
        let selection = try Self.selection("[User]", decoder: "makeDecoder()")
        #expect(Self.names(selection.files.map(\.path)).contains("Networking/Networking.swift"))
        #expect(!Self.names(selection.files.map(\.path)).contains("Networking/APIClient.swift"), "nothing needed names APIClient")
        #expect(selection.leftOut?.decode == "[User] with makeDecoder()")
    }

    @Test func aTypeDeclaredInASwiftUIFileIsRefusedNamingTheFileTheImportAndTheDeclaration() throws {
        let selection = try Self.selection("Settings")
        let refusal = try #require(selection.refusal)
        #expect(Self.names([refusal.importAt.file]) == ["Views/AccentTheme.swift"])
        #expect(refusal.importAt.line == 1)
        #expect(refusal.module == "SwiftUI")
        #expect(refusal.declaration == "enum AccentTheme")
        #expect(
            refusal.description
                == "AccentTheme.swift:1:1: AccentTheme.swift imports SwiftUI, which cannot be built on this platform, and holds enum AccentTheme (line 4), which the decode of Settings needs (Settings.swift refers to AccentTheme): move enum AccentTheme to a file that does not import SwiftUI"
        )
        // The schema engine reads the needed file without building it; a container overload can change any decode.
        #expect(
            Self.names(selection.files.map(\.path)) == ["Models/DefaultEmpty.swift", "Models/Settings.swift", "Views/AccentTheme.swift"])
    }

    @Test(
        "what a needed file makes needed",
        arguments: [
            // A conformance added in a SwiftUI file is needed (the decode uses it): refused.
            ("import SwiftUI\nextension Item: Decodable {}\n", true),
            // A member no needed file names is not.
            ("import SwiftUI\nextension Item { var color: Color { .red } }\n", false),
            // A container overload changes a decode without being named.
            (
                "import UIKit\nextension KeyedDecodingContainer { func decode(_: Bool.Type, forKey key: Key) throws -> Bool { true } }\n",
                true
            ),
            // An import guarded by `#if canImport` does not make the file unbuildable.
            ("#if canImport(UIKit)\nimport UIKit\n#endif\nextension Item: Decodable {}\n", false),
            // A private view cannot be named from another file.
            ("import SwiftUI\nprivate struct Tag: View { var body: some View { Text(\"\") } }\n", false),
        ])
    func needed(_ other: String, refused: Bool) {
        let item = ModelSource(path: "App/Item.swift", text: "struct Item { let tag: Tag? }\nstruct Tag: Decodable {}\n")
        let selection = SourceSelection(
            sources: [item, ModelSource(path: "App/Other.swift", text: other)], typeExpressions: ["Item"], decoderExpression: nil)
        #expect((selection.refusal != nil) == refused, "\(selection)")
    }
}

extension SourceSelectionTests {
    /// A file swift-syntax cannot parse safely is not parsed to select files: it is kept, and the
    /// schema says where it nests too deep, as for a single file.
    @Test func aFileThatNestsTooDeepIsKeptForTheSchemaToReport() {
        let deep = ModelSource(path: "App/Deep.swift", text: "let x = " + String(repeating: "[", count: 400) + "\n")
        let item = ModelSource(path: "App/Item.swift", text: "struct Item: Decodable { let id: Int }\n")
        let selection = SourceSelection(sources: [deep, item], typeExpressions: ["Item"], decoderExpression: nil)
        #expect(selection.files.map(\.path) == ["App/Deep.swift", "App/Item.swift"])
        #expect(Schema(sources: selection.files).diagnostics.contains { $0.location.file == "App/Deep.swift" })
    }
}
