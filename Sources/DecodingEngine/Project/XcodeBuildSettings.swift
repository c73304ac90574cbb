/// A target's build settings as its build sees them: the chosen configuration's settings of the
/// target over the project's (`$(inherited)` in the target's is the project's), and what they
/// give swiftc (``compiler``).
///
/// The configuration is `Debug` when the target has one (what Xcode's Run builds, and where
/// `DEBUG` is usually a compilation condition), else the configuration list's
/// `defaultConfigurationName`, else its first. Settings from `.xcconfig` files are not read
/// (a note says so).
struct XcodeBuildSettings {
    let configuration: String
    let targetName: String
    let targetLevel: [String: ProjectPlist]
    let projectLevel: [String: ProjectPlist]
    let sourceRoot: String
    /// What swiftc is given, and what was left out of it.
    var compiler = SwiftCompilerSettings()
    var notes: [XcodeProject.Note] = []
    /// The settings whose `$(…)` are being replaced: a setting naming one of them is not expanded again.
    private var expanding: Set<String> = []

    init(target: ProjectPlist, in project: XcodeProject) throws(XcodeProject.Problem) {
        let targetList = try project.object(
            target["buildConfigurationList"], key: "buildConfigurationList", in: target, isa: ["XCConfigurationList"])
        let configurations = try project.objects("buildConfigurations", of: targetList, isa: ["XCBuildConfiguration"]).map(\.object)
        let names = configurations.compactMap { $0["name"]?.string }
        let listDefault = targetList["defaultConfigurationName"]?.string
        let chosen = names.contains("Debug") ? "Debug" : listDefault.flatMap { names.contains($0) ? $0 : nil } ?? names.first ?? "Debug"
        configuration = chosen
        targetName = target["name"]?.string ?? ""
        sourceRoot = project.sourceRoot
        notes.append(.configuration(chosen, isDefault: chosen == listDefault))
        let targetConfiguration = configurations.first { $0["name"]?.string == chosen }
        var projectConfiguration: ProjectPlist?
        if let list = project.project["buildConfigurationList"] {
            let projectList = try project.object(list, key: "buildConfigurationList", in: project.project, isa: ["XCConfigurationList"])
            projectConfiguration = try project.objects("buildConfigurations", of: projectList, isa: ["XCBuildConfiguration"]).map(\.object)
                .first { $0["name"]?.string == chosen }
        }
        for level in [projectConfiguration, targetConfiguration].compactMap({ $0 }) where level["baseConfigurationReference"] != nil {
            let reference = level["baseConfigurationReference"]?.string.flatMap { project.objects[$0] }
            notes.append(.xcconfigNotRead(reference?["path"]?.string ?? reference?["name"]?.string ?? "an .xcconfig file"))
        }
        targetLevel = targetConfiguration?["buildSettings"]?.dictionary ?? [:]
        projectLevel = projectConfiguration?["buildSettings"]?.dictionary ?? [:]
        compiler = readCompilerSettings()
    }

    /// The value of `key` as a list of words (split as a shell would, quotes kept together), with
    /// `$(inherited)` the project's words and other `$(VARIABLE)`s replaced by their values.
    mutating func words(_ key: String) -> [String] {
        words(key, levels: [targetLevel, projectLevel])
    }

    /// The value of `key` as one string (``words(_:)`` joined), nil when no level sets it.
    mutating func value(_ key: String) -> String? {
        guard targetLevel[key] != nil || projectLevel[key] != nil else { return nil }
        return words(key).joined(separator: " ")
    }

    private mutating func words(_ key: String, levels: ArraySlice<[String: ProjectPlist]>) -> [String] {
        guard let level = levels.first else { return [] }
        guard let value = level[key] else { return words(key, levels: levels.dropFirst()) }
        let raw: [String] =
            if let items = value.array { items.compactMap(\.string) } else { Self.split(value.string ?? "") }
        var result: [String] = []
        for word in raw {
            if word == "$(inherited)" || word == "${inherited}" {
                result += words(key, levels: levels.dropFirst())
            } else {
                let substituted = substitute(word, in: key)
                if !substituted.isEmpty { result.append(substituted) }
            }
        }
        return result
    }

    private mutating func words(_ key: String, levels: [[String: ProjectPlist]]) -> [String] {
        words(key, levels: levels[...])
    }

    /// `word` with each `$(NAME)` (or `${NAME}`) replaced by the setting's value, or by nothing
    /// when the project does not set it (as Xcode does), with a note.
    private mutating func substitute(_ word: String, in setting: String) -> String {
        var text = word
        while let open = text.range(of: "$(") ?? text.range(of: "${") {
            let closer: Character = text[open].hasSuffix("(") ? ")" : "}"
            guard let close = text[open.upperBound...].firstIndex(of: closer) else { break }
            let name = String(text[open.upperBound..<close])
            let replacement: String
            switch name {
            case "CONFIGURATION": replacement = configuration
            case "TARGET_NAME": replacement = targetName
            case "SRCROOT", "SOURCE_ROOT", "PROJECT_DIR": replacement = sourceRoot
            default:
                if name != setting, !expanding.contains(name), targetLevel[name] != nil || projectLevel[name] != nil {
                    expanding.insert(setting)
                    replacement = words(name).joined(separator: " ")
                    expanding.remove(setting)
                } else {
                    notes.append(.unresolvedVariable(setting: setting, variable: name))
                    replacement = ""
                }
            }
            text.replaceSubrange(open.lowerBound...close, with: replacement)
        }
        return text
    }

    /// Splits a setting's text into words as Xcode does: at white space outside quotes, a
    /// backslash keeping the next character.
    static func split(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
