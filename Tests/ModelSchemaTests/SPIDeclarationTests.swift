import Foundation
import ModelSchema
import TestSupport
import Testing

/// The types a module declares behind an SPI are the ones another module cannot reach without
/// `@_spi(NAME) import`, even `@testable`: the compiler says which, and the index must agree.
@Suite struct SPIDeclarationTests {
    static let library = """
        @_spi(Wire) public struct Message: Decodable { public var id: Int }
        public enum Outer {
            @_spi(Debug) public struct Inner: Decodable { public var id: Int }
            public struct Open: Decodable { public var id: Int }
        }
        @_spi(Wire) extension Outer {
            public struct Extra: Decodable { public var id: Int }
        }
        public struct Plain: Decodable { public var id: Int }
        """
    static let names = ["Message", "Outer.Inner", "Outer.Open", "Outer.Extra", "Plain"]

    @Test func theTypesBehindAnSPIAreTheOnesTheCompilerRefusesWithoutIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ce-spi-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.library.utf8).write(to: folder.appendingPathComponent("Lib.swift"))
        let module = try Swiftc.run(
            [
                "-parse-as-library", "-enable-testing", "-emit-module", "-module-name", "Lib", "-emit-module-path", "Lib.swiftmodule",
                "Lib.swift",
            ],
            in: folder)
        try #require(module.status == 0, "\(module.output)")
        let declarations = SPIDeclaration.all(in: [ModelSource(path: "Lib.swift", text: Self.library)])
        for name in Self.names {
            let user = "@testable import Lib\nlet type: Any.Type = \(name).self\n"
            try Data(user.utf8).write(to: folder.appendingPathComponent("User.swift"))
            let reached = try Swiftc.run(["-typecheck", "-I", ".", "User.swift"], in: folder).status == 0
            let behind = declarations.first { $0.isNamed(in: name) }
            #expect(reached == (behind == nil), "\(name)")
            if let behind {
                let imported = "@_spi(\(behind.spi)) " + user
                try Data(imported.utf8).write(to: folder.appendingPathComponent("User.swift"))
                #expect(
                    try Swiftc.run(["-typecheck", "-I", ".", "User.swift"], in: folder).status == 0, "\(name) with @_spi(\(behind.spi))")
            }
        }
        #expect(declarations.map { "\($0.qualifiedName) \($0.spi)" } == ["Message Wire", "Outer.Inner Debug", "Outer.Extra Wire"])
    }

    @Test func aTypeIsNamedAloneQualifiedOrInsideAnother() {
        let message = SPIDeclaration.all(in: [ModelSource(path: "Lib.swift", text: Self.library)])[0]
        for expression in ["Message", "Lib.Message", "[Message]", "Envelope<Message>?", "[String: Lib.Message]"] {
            #expect(message.isNamed(in: expression), "\(expression)")
        }
        for expression in ["Messages", "MessageKind", "Outer.Inner", "[MyMessage]"] {
            #expect(!message.isNamed(in: expression), "\(expression)")
        }
    }
}
