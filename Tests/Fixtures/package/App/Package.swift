// swift-tools-version:5.9
// An app's model layer, as real apps keep it: a core module, a models module that depends on it and
// on a Codable helper library, and a harness executable that prints what Foundation's JSONDecoder
// says (the ground truth the tests compare codable-explorer with).
import PackageDescription

let package = Package(
    name: "App",
    dependencies: [.package(path: "../Wrappers")],
    targets: [
        .target(name: "Core"),
        .target(
            name: "Models", dependencies: ["Core", .product(name: "Wrappers", package: "Wrappers")],
            resources: [.copy("Defaults.json")]),
        .executableTarget(name: "Harness", dependencies: ["Models"]),
    ]
)
