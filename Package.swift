// swift-tools-version: 6.0
import PackageDescription

// Module dependencies point one way (see ../shared/DESIGN.md):
// JSONTree <- DecodingEngine <- ExplorerUI <- codable-explorer
//    ^             ^                ^               |
//    |        ModelSchema        CNcurses           |
//    +---- ModelInference <-------------------------+
let package = Package(
    name: "CodableExplorer",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "codable-explorer", targets: ["codable-explorer"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        .target(name: "JSONTree"),
        .target(
            name: "ModelSchema",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            ]
        ),
        .target(name: "DecodingEngine", dependencies: ["JSONTree", "ModelSchema"]),
        .target(name: "ModelInference", dependencies: ["JSONTree"]),
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(name: "ExplorerUI", dependencies: ["DecodingEngine", "CNcurses"]),
        .executableTarget(
            name: "codable-explorer",
            dependencies: [
                "JSONTree", "ModelSchema", "DecodingEngine", "ExplorerUI", "ModelInference",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "ce-bench",
            dependencies: ["JSONTree"]
        ),
        .testTarget(name: "JSONTreeTests", dependencies: ["JSONTree"]),
        .testTarget(name: "ModelSchemaTests", dependencies: ["ModelSchema"]),
        .testTarget(name: "DecodingEngineTests", dependencies: ["DecodingEngine"]),
        .testTarget(name: "ExplorerUITests", dependencies: ["ExplorerUI"]),
        .testTarget(name: "ModelInferenceTests", dependencies: ["ModelInference", "JSONTree"]),
        .testTarget(name: "CommandLineTests", dependencies: ["codable-explorer", "JSONTree"]),
    ]
)
