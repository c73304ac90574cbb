// swift-tools-version:5.9
// A Codable helper library, as apps depend on one: property wrappers and a container extension.
import PackageDescription

let package = Package(
    name: "Wrappers",
    products: [.library(name: "Wrappers", targets: ["Wrappers"])],
    targets: [.target(name: "Wrappers")]
)
