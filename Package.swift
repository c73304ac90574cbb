// swift-tools-version: 6.0
import PackageDescription

// Module dependencies point one way:
// JSONTree <- ModelSchema (EditDistance) <- DecodingEngine <- Teaching <- DecodeWorker <- ExplorerUI (CNcurses)
// CodableExplorerRunner <- DecodingEngine (the runner library: its messages and channel)
// JSONTree, CodableExplorerRunner (its date strategies) <- ModelInference <- ExplorerUI
// JSONTree <- Capture (recorded traffic: HAR, JSON Lines, routes) <- DecodeWorker
// ExplorerUI, ModelInference, Capture <- CommandRuns (what each command does, no argument parsing)
//   <- CodableExplorerCommands (ArgumentParser: the command line) <- codable-explorer (main.swift)
// Concrete generic types (a Codable type's `KeyedDecodingContainer<CodingKeys>`, say) are reached
// through their metadata accessors, not by their mangled names: the runtime demangles a name at its
// first use and looks up each of its conformances in all of the binary's 12,800 conformance
// records, and the worker and the command paid that for every type they coded (DECISIONS.md,
// "Metadata accessors instead of mangled names").
let directMetadata: [SwiftSetting] = [.unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"])]
// The scanner and the engine run on every payload the explorer opens and every decode it
// makes; `swift run codable-explorer` builds debug, so they are optimized there too.
let optimizedEvenInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))] + directMetadata
// The executable starts twice a `check` (the command and its worker), and a Linux start relocated
// 121,000 addresses from a 2.9 MB table: packed (RELR, linked by the toolchain's lld) the table is
// 23 KB and a start 1.4 ms shorter. A glibc older than 2.36 cannot load a packed binary: there, as
// on macOS, the link is as before (DECISIONS.md, "Packed relocations").
#if canImport(Glibc)
import Glibc
let loadsPackedRelocations: Bool = {
    // `glibc 2.36`
    var text = [CChar](repeating: 0, count: 64)
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &text, text.count) > 0 else { return false }
    let words = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ")
    let version = words.last?.split(separator: ".").compactMap { Int($0) } ?? []
    return version.count >= 2 && (version[0], version[1]) >= (2, 36)
}()
#else
let loadsPackedRelocations = false
#endif
let packedRelocations: [LinkerSetting] =
    loadsPackedRelocations
    ? [.unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"], .when(platforms: [.linux]))] : []

let package = Package(
    name: "CodableExplorer",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "codable-explorer", targets: ["codable-explorer"])
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
                "JSONTree",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftParserDiagnostics", package: "swift-syntax"),
            ],
            swiftSettings: directMetadata
        ),
        // The compiled-mode runner's machinery and its channel: built here as a target (the tool
        // speaks the same messages), and built again at run time by the user's swiftc from the
        // same source, which the EmbedRunnerSource plugin puts in DecodingEngine, unless this
        // build's objects of it can be installed instead (RunnerLibrarySeed): optimized in debug
        // too, since a runner links them and writes the decoded value's text with them.
        .target(name: "CodableExplorerRunner", swiftSettings: optimizedEvenInDebug),
        .target(
            name: "DecodingEngine", dependencies: ["JSONTree", "ModelSchema", "CodableExplorerRunner"],
            swiftSettings: optimizedEvenInDebug, plugins: ["EmbedRunnerSource"]),
        .executableTarget(name: "source-embed"),
        .plugin(name: "EmbedRunnerSource", capability: .buildTool(), dependencies: ["source-embed"]),
        // Recorded traffic: HAR and JSON Lines captures read entry by entry, credentials masked, and
        // the routes that say which type decodes which response. Pure: no process, no decode.
        .target(name: "Capture", dependencies: ["JSONTree"], swiftSettings: directMetadata),
        .target(name: "ModelInference", dependencies: ["JSONTree", "CodableExplorerRunner"], swiftSettings: optimizedEvenInDebug),
        .systemLibrary(
            name: "CNcurses",
            providers: [.apt(["libncurses-dev"])]
        ),
        // The library is linked here, not in CNcurses' module map, because its name differs:
        // ncursesw on Linux, ncurses (wide-character capable) in macOS's SDK.
        // The decode worker: the child process every decode runs in, its job, its replies and
        // their framing, and the client that starts it.
        .target(
            name: "DecodeWorker",
            dependencies: ["DecodingEngine", "Teaching", "JSONTree", "ModelSchema", "CodableExplorerRunner", "Capture"],
            swiftSettings: optimizedEvenInDebug),
        .target(
            name: "ExplorerUI",
            dependencies: [
                "DecodingEngine", "Teaching", "DecodeWorker", "ModelInference", "CNcurses", "CodableExplorerRunner", "Capture",
            ],
            swiftSettings: directMetadata,
            linkerSettings: [
                .linkedLibrary("ncursesw", .when(platforms: [.linux])),
                .linkedLibrary("ncurses", .when(platforms: [.macOS])),
            ]
        ),
        .target(
            name: "Teaching", dependencies: ["DecodingEngine", "ModelSchema", "JSONTree", "CodableExplorerRunner"],
            swiftSettings: optimizedEvenInDebug),
        // What the commands do once their arguments are parsed: the payload's input, the worker job
        // of `check` and `fix`, their output, captures, the explorer's launch; no argument parsing.
        .target(
            name: "CommandRuns",
            dependencies: [
                "JSONTree", "ModelSchema", "DecodingEngine", "ExplorerUI", "Teaching", "DecodeWorker", "ModelInference",
                "CodableExplorerRunner", "Capture",
            ],
            swiftSettings: directMetadata),
        // The command line: every subcommand's arguments, parsed into CommandRuns' requests; the
        // executable is its main.swift.
        .target(
            name: "CodableExplorerCommands",
            dependencies: [
                "CommandRuns", "JSONTree", "ModelSchema", "DecodingEngine", "ExplorerUI", "Teaching", "DecodeWorker", "ModelInference",
                "CodableExplorerRunner", "Capture",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: directMetadata,
            plugins: ["VersionStamp"]
        ),
        .executableTarget(
            name: "codable-explorer", dependencies: ["CodableExplorerCommands"], swiftSettings: directMetadata,
            linkerSettings: packedRelocations),
        // `--version`: the release tag or the commit, read from .git's files at build time.
        .executableTarget(name: "version-stamp"),
        .plugin(name: "VersionStamp", capability: .buildTool(), dependencies: ["version-stamp"]),
        .executableTarget(
            name: "ce-bench",
            dependencies: ["JSONTree", "ModelSchema", "DecodingEngine"]
        ),
        // Helpers every test target shares (repository root, process runner, swiftc, tmux);
        // a plain target that only test targets depend on.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "JSONTreeTests", dependencies: ["TestSupport", "JSONTree"]),
        .testTarget(name: "ModelSchemaTests", dependencies: ["TestSupport", "ModelSchema"]),
        .testTarget(name: "DecodingEngineTests", dependencies: ["TestSupport", "DecodingEngine", "CodableExplorerRunner"]),
        .testTarget(
            name: "ExplorerUITests",
            dependencies: [
                "TestSupport", "ExplorerUI", "DecodingEngine", "ModelSchema", "JSONTree", "Teaching", "DecodeWorker", "Capture",
            ],
            exclude: ["Snapshots"]),
        .testTarget(
            name: "TeachingTests",
            dependencies: ["TestSupport", "Teaching", "DecodeWorker", "DecodingEngine", "ModelSchema", "JSONTree", "CodableExplorerRunner"]),
        .testTarget(name: "CaptureTests", dependencies: ["TestSupport", "Capture", "JSONTree"]),
        .testTarget(name: "ModelInferenceTests", dependencies: ["TestSupport", "ModelInference", "JSONTree", "CodableExplorerRunner"]),
        .testTarget(
            name: "CommandLineTests",
            dependencies: [
                "TestSupport", "codable-explorer", "CodableExplorerCommands", "CommandRuns", "JSONTree", "ModelSchema", "DecodingEngine",
                "Teaching",
                "DecodeWorker", "Capture",
            ],
            exclude: ["Snapshots"]),
    ]
)
