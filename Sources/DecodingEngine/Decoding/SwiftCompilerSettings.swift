/// The settings of the app's build that change what its Swift code means, as swiftc takes them:
/// the language mode, the default actor isolation, upcoming and experimental features,
/// compilation conditions (`#if DEBUG`), and the other flags that change meaning. Empty for
/// loose model files (swiftc's defaults); from an Xcode target's build settings for a project
/// (``XcodeBuildSettings``). Compiled mode passes ``arguments`` to swiftc, and they are part of
/// the runner's cache key.
public struct SwiftCompilerSettings: Sendable, Hashable, Codable {
    /// `-swift-version` (`5`, `6`, `4.2`); nil: swiftc's default.
    public var languageMode: String?
    /// `-default-isolation` (`MainActor`); nil: nonisolated, swiftc's default.
    public var defaultIsolation: String?
    public var upcomingFeatures: [String] = []
    public var experimentalFeatures: [String] = []
    /// `-D` conditions, each once, in the build's order.
    public var conditions: [String] = []
    /// Other flags that change what the code means (`-strict-concurrency=targeted`,
    /// `-enable-bare-slash-regex`), each as swiftc takes it.
    public var otherFlags: [String] = []
    /// Where the settings come from (`App of /path/App.xcodeproj`), for messages; nil: none.
    public var origin: String?

    public init() {}

    /// swiftc's arguments for these settings.
    public var arguments: [String] {
        var arguments: [String] = []
        if let languageMode { arguments += ["-swift-version", languageMode] }
        if let defaultIsolation { arguments += ["-default-isolation", defaultIsolation] }
        for feature in upcomingFeatures { arguments += ["-enable-upcoming-feature", feature] }
        for feature in experimentalFeatures { arguments += ["-enable-experimental-feature", feature] }
        for condition in conditions { arguments += ["-D", condition] }
        return arguments + otherFlags
    }

    /// No setting: swiftc's defaults.
    public var isEmpty: Bool { arguments.isEmpty }
}
