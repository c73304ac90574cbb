// swift-tools-version:5.9
// A numerics library shaped as real ones are (swift-numerics' _NumericsShims, swift-crypto's and
// OpenCombine's C helpers): a Swift target over two C targets, one with its own module map and
// header-only inline functions, one with a module map SwiftPM writes from its umbrella header.
import PackageDescription

let package = Package(
    name: "Numbers",
    products: [.library(name: "Numbers", targets: ["Numbers"])],
    targets: [
        .target(name: "_NumbersShims"),
        .target(name: "CNumbersParse"),
        .target(name: "Numbers", dependencies: ["_NumbersShims", "CNumbersParse"]),
    ]
)
