// swift-tools-version:5.9
// An app's models over a library with C targets (a local package, so it builds offline), and a
// harness executable that prints what Foundation's JSONDecoder says: the truth the tests compare
// codable-explorer with.
import PackageDescription

let package = Package(
    name: "App",
    dependencies: [.package(path: "../Numbers")],
    targets: [
        .target(name: "Models", dependencies: [.product(name: "Numbers", package: "Numbers")]),
        .executableTarget(name: "Harness", dependencies: ["Models"]),
    ]
)
