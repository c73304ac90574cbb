extension XcodeProject {
    /// Why a project cannot say what a target compiles: each case holds the file and line it is
    /// about (`file:line: error: …`, DecodingEngineMessages.swift), or what exists instead.
    public enum Problem: Error, Sendable, Hashable {
        /// The path is not a `.xcodeproj` folder.
        case notAProject(String)
        /// Its `project.pbxproj` cannot be read: the system's reason.
        case cannotRead(String, reason: String)
        /// The file is not a property list from `line` on.
        case malformed(file: String, line: Int, ProjectPlistParser.Problem)
        /// An object (`in`, its kind) lacks an entry every project has.
        case missingKey(file: String, line: Int, key: String, in: String)
        /// An entry names an object the project does not hold, or one of another kind (`expected`).
        case badReference(file: String, line: Int, key: String, expected: String)
        /// An entry that lists objects is not an array.
        case notAnArray(file: String, line: Int, key: String)
        /// A group's parents loop, or nest deeper than any project does.
        case groupCycle(file: String, line: Int)
        /// No target of that name: the names there are.
        case unknownTarget(project: String, name: String, known: [String])
        /// The target compiles no Swift file.
        case noSwiftFiles(project: String, target: String)
        /// A `--model` path in the project's folder that no target compiles (`path`), or that
        /// several do (`targets`): `--target` says which.
        case noTargetCompiles(project: String, path: String, known: [String])
        case severalTargetsCompile(project: String, path: String, targets: [String])
    }

    /// What was left out of the target's build, said once beside the verdict (never a refusal).
    public enum Note: Sendable, Hashable {
        /// The configuration whose settings apply, and why it was chosen.
        case configuration(String, isDefault: Bool)
        /// A flag of `OTHER_SWIFT_FLAGS` that does not change what the code means here, or that
        /// cannot apply outside Xcode (a bridging header, a search path): dropped.
        case droppedFlag(String)
        /// A `$(VARIABLE)` in a setting that the project does not set.
        case unresolvedVariable(setting: String, variable: String)
        /// A configuration based on an `.xcconfig` file, whose settings are not read.
        case xcconfigNotRead(String)
        /// A source whose place is outside the project (`BUILT_PRODUCTS_DIR`, `SDKROOT`).
        case sourceOutsideProject(String, tree: String)
        /// `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`: the models' conformances are main-actor
        /// isolated, and the runner decodes on the main actor, as the app's main-actor code does.
        case mainActorIsolation
    }
}
