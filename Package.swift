// swift-tools-version: 6.0
import PackageDescription

// Module dependencies point one way (see ../shared/DESIGN.md):
// JSONTree <- DecodingEngine <- ExplorerUI <- codable-explorer
//                  ^      ^         ^              |
//             ModelSchema |      CNcurses          |
//                         +----- Teaching <--------+
// JSONTree <- ModelInference <- codable-explorer (infer)
// The scanner and the engine run on every payload the explorer opens and every decode it
// makes; `swift run codable-explorer` builds debug, so they are optimized there too.
let optimizedEvenInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

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
        .target(name: "JSONTree", swiftSettings: optimizedEvenInDebug),
        .target(
            name: "ModelSchema",
            dependencies: [
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            ]
        ),
        .target(name: "DecodingEngine", dependencies: ["JSONTree", "ModelSchema"], swiftSettings: optimizedEvenInDebug),
        .target(name: "ModelInference", dependencies: ["JSONTree"], swiftSettings: optimizedEvenInDebug),
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        .target(name: "ExplorerUI", dependencies: ["DecodingEngine", "Teaching", "ModelInference", "CNcurses"]),
        .target(name: "Teaching", dependencies: ["DecodingEngine", "ModelSchema", "JSONTree"], swiftSettings: optimizedEvenInDebug),
        .executableTarget(
            name: "codable-explorer",
            dependencies: [
                "JSONTree", "ModelSchema", "DecodingEngine", "ExplorerUI", "Teaching", "ModelInference",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(
            name: "ce-bench",
            dependencies: ["JSONTree", "ModelSchema", "DecodingEngine"]
        ),
        .testTarget(name: "JSONTreeTests", dependencies: ["JSONTree"]),
        .testTarget(name: "ModelSchemaTests", dependencies: ["ModelSchema"]),
        .testTarget(name: "DecodingEngineTests", dependencies: ["DecodingEngine"]),
        .testTarget(name: "ExplorerUITests", dependencies: ["ExplorerUI", "DecodingEngine", "ModelSchema", "JSONTree", "Teaching"]),
        .testTarget(name: "TeachingTests", dependencies: ["Teaching", "DecodingEngine", "ModelSchema", "JSONTree"]),
        .testTarget(name: "ModelInferenceTests", dependencies: ["ModelInference", "JSONTree"]),
        .testTarget(name: "CommandLineTests", dependencies: ["codable-explorer", "JSONTree", "ModelSchema", "DecodingEngine", "Teaching"]),
    ]
)
