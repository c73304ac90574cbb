extension XcodeBuildSettings {
    /// One of Xcode's feature settings (`SWIFT_UPCOMING_FEATURE_EXISTENTIAL_ANY = YES`), the
    /// feature it enables, and whether it applies only below Swift 6 (where the language mode
    /// has it already): the names as Xcode 26's Swift build specification pairs them.
    struct Feature {
        var setting: String
        var name: String
        var onlyBeforeSwift6 = true
        var experimental = false
    }

    static let features: [Feature] = [
        Feature(setting: "CONCISE_MAGIC_FILE", name: "ConciseMagicFile"),
        Feature(setting: "FORWARD_TRAILING_CLOSURES", name: "ForwardTrailingClosures"),
        Feature(setting: "DEPRECATE_APPLICATION_MAIN", name: "DeprecateApplicationMain"),
        Feature(setting: "IMPORT_OBJC_FORWARD_DECLS", name: "ImportObjcForwardDeclarations"),
        Feature(setting: "DISABLE_OUTWARD_ACTOR_ISOLATION", name: "DisableOutwardActorInference"),
        Feature(setting: "ISOLATED_DEFAULT_VALUES", name: "IsolatedDefaultValues"),
        Feature(setting: "GLOBAL_CONCURRENCY", name: "GlobalConcurrency"),
        Feature(setting: "INFER_SENDABLE_FROM_CAPTURES", name: "InferSendableFromCaptures"),
        Feature(setting: "IMPLICIT_OPEN_EXISTENTIALS", name: "ImplicitOpenExistentials"),
        Feature(setting: "REGION_BASED_ISOLATION", name: "RegionBasedIsolation"),
        Feature(setting: "DYNAMIC_ACTOR_ISOLATION", name: "DynamicActorIsolation"),
        Feature(setting: "NONFROZEN_ENUM_EXHAUSTIVITY", name: "NonfrozenEnumExhaustivity"),
        Feature(setting: "GLOBAL_ACTOR_ISOLATED_TYPES_USABILITY", name: "GlobalActorIsolatedTypesUsability"),
        Feature(setting: "INTERNAL_IMPORTS_BY_DEFAULT", name: "InternalImportsByDefault", onlyBeforeSwift6: false),
        Feature(setting: "MEMBER_IMPORT_VISIBILITY", name: "MemberImportVisibility", onlyBeforeSwift6: false),
        Feature(setting: "EXISTENTIAL_ANY", name: "ExistentialAny", onlyBeforeSwift6: false),
        Feature(setting: "INFER_ISOLATED_CONFORMANCES", name: "InferIsolatedConformances", onlyBeforeSwift6: false),
        Feature(setting: "NONISOLATED_NONSENDING_BY_DEFAULT", name: "NonisolatedNonsendingByDefault", onlyBeforeSwift6: false),
        Feature(setting: "DEBUG_DESCRIPTION_MACRO", name: "DebugDescriptionMacro", onlyBeforeSwift6: false, experimental: true),
    ]

    /// The features `SWIFT_APPROACHABLE_CONCURRENCY = YES` turns on (Xcode 26), unless the
    /// project sets them itself.
    static let approachableConcurrency: Set<String> = [
        "DISABLE_OUTWARD_ACTOR_ISOLATION", "GLOBAL_ACTOR_ISOLATED_TYPES_USABILITY", "INFER_ISOLATED_CONFORMANCES",
        "INFER_SENDABLE_FROM_CAPTURES", "NONISOLATED_NONSENDING_BY_DEFAULT",
    ]

    /// `OTHER_SWIFT_FLAGS`' flags that take the next word as their value, dropped with it when
    /// they do not change what the code means (a search path, a bridging header, a frontend flag).
    static let flagsWithValue: Set<String> = [
        "-Xfrontend", "-Xcc", "-Xllvm", "-Xlinker", "-I", "-F", "-L", "-import-objc-header", "-module-name", "-sdk", "-target",
        "-framework", "-module-cache-path", "-vfsoverlay", "-load-plugin-library", "-load-plugin-executable", "-plugin-path",
        "-external-plugin-path", "-package-name", "-module-alias", "-emit-module-path", "-o",
    ]

    /// What the settings give swiftc, and notes on what they cannot.
    mutating func readCompilerSettings() -> SwiftCompilerSettings {
        var settings = SwiftCompilerSettings()
        if let version = value("SWIFT_VERSION"), !version.isEmpty { settings.languageMode = Self.languageMode(version) }
        if value("SWIFT_DEFAULT_ACTOR_ISOLATION") == "MainActor" { settings.defaultIsolation = "MainActor" }
        let beforeSwift6 = (settings.languageMode.flatMap { Double($0) } ?? 5) < 6
        let approachable = value("SWIFT_APPROACHABLE_CONCURRENCY") == "YES"
        for feature in Self.features where beforeSwift6 || !feature.onlyBeforeSwift6 {
            let prefix = feature.experimental ? "SWIFT_EXPERIMENTAL_FEATURE_" : "SWIFT_UPCOMING_FEATURE_"
            let setting =
                value(prefix + feature.setting) ?? (approachable && Self.approachableConcurrency.contains(feature.setting) ? "YES" : nil)
            guard setting == "YES" else { continue }
            if feature.experimental {
                settings.experimentalFeatures.append(feature.name)
            } else {
                settings.upcomingFeatures.append(feature.name)
            }
        }
        if beforeSwift6 {
            switch value("SWIFT_STRICT_CONCURRENCY") {
            case "targeted": settings.otherFlags.append("-strict-concurrency=targeted")
            case "complete": settings.upcomingFeatures.append("StrictConcurrency")
            default: break
            }
            if value("SWIFT_ENABLE_BARE_SLASH_REGEX") == "YES" { settings.otherFlags.append("-enable-bare-slash-regex") }
        }
        settings.conditions = words("SWIFT_ACTIVE_COMPILATION_CONDITIONS")
        readOtherFlags(words("OTHER_SWIFT_FLAGS"), into: &settings)
        var seen: Set<String> = []
        settings.conditions = settings.conditions.filter { seen.insert($0).inserted }
        return settings
    }

    /// `5.0` → `5`, `6.0` → `6`: how swiftc's `-swift-version` spells Xcode's `SWIFT_VERSION`.
    static func languageMode(_ version: String) -> String {
        version.hasSuffix(".0") ? String(version.dropLast(2)) : version
    }

    /// `OTHER_SWIFT_FLAGS`: the flags that change what the code means are kept (as settings, or
    /// as they are); the others are dropped with a note each. They come after the settings' own
    /// flags, as in Xcode's command line, so a language mode here wins.
    private mutating func readOtherFlags(_ words: [String], into settings: inout SwiftCompilerSettings) {
        var k = 0
        func next() -> String? {
            k += 1
            return k < words.count ? words[k] : nil
        }
        while k < words.count {
            let word = words[k]
            switch word {
            case "-D": if let name = next() { settings.conditions.append(name) }
            case "-enable-upcoming-feature": if let name = next() { settings.upcomingFeatures.append(name) }
            case "-enable-experimental-feature": if let name = next() { settings.experimentalFeatures.append(name) }
            case "-disable-upcoming-feature", "-disable-experimental-feature": if let name = next() { settings.otherFlags += [word, name] }
            case "-swift-version", "-language-mode": if let mode = next() { settings.languageMode = Self.languageMode(mode) }
            case "-default-isolation":
                if let isolation = next() { settings.defaultIsolation = isolation == "MainActor" ? "MainActor" : nil }
            case "-enable-bare-slash-regex", "-enable-actor-data-race-checks", "-disable-actor-data-race-checks":
                settings.otherFlags.append(word)
            default:
                if word.hasPrefix("-D"), word.count > 2 {
                    settings.conditions.append(String(word.dropFirst(2)))
                } else if word.hasPrefix("-default-isolation=") {
                    settings.defaultIsolation = word.hasSuffix("=MainActor") ? "MainActor" : nil
                } else if word.hasPrefix("-strict-concurrency=") {
                    settings.otherFlags.append(word)
                } else if Self.flagsWithValue.contains(word) {
                    notes.append(.droppedFlag(next().map { "\(word) \($0)" } ?? word))
                } else {
                    notes.append(.droppedFlag(word))
                }
            }
            k += 1
        }
    }
}
