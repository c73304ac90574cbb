import Foundation

/// The decoding layer's errors in the user's words: the one place a new kind of engine,
/// compiled-mode, cache or process error gets its text.

extension EngineError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .typeNotDecodable(let t): "\(t) cannot be decoded from the model sources"
        case .typeNotInterpretable(let t, let reason): "\(t) cannot be decoded by the schema engine: \(reason)"
        case .pathDoesNotMatchPayload(let p): "the key path does not lead through the payload at \(p)"
        case .unexpected(let e): "unexpected error: \(e)"
        }
    }
}

extension CompiledDecoder.Failure: CustomStringConvertible {
    /// What ``doesNotCompile`` says above swiftc's diagnostics, for a caller that shows them apart.
    public static let doesNotCompileHeadline = "the model does not compile (swiftc)"

    public var description: String {
        switch self {
        case .compilerNotFound: "compiled mode needs swiftc, and none was found on PATH (set SWIFTC to its path)"
        case .doesNotCompile(let diagnostics):
            Self.doesNotCompileHeadline + ":\n" + diagnostics.map { "  \($0)" }.joined(separator: "\n")
        case .unsupportedImport(let at, let module):
            "\(at): the model imports \(module); loose model files may import only the standard library and Foundation: for models in a package, give --package DIR --target NAME (or a --model path under the package's Sources/NAME), and the target is built with SwiftPM"
        case .badExpression(let message): "the type or decoder expression does not compile against the models: \(message)"
        case .compilerFailed(let text): "swiftc failed: \(text.trimmingCharacters(in: .whitespacesAndNewlines))"
        case .cacheUnwritable(let path, let why): "cannot write the compiled runner at \(path): \(why)"
        case .cacheUnsafe(let why): "the runner cache cannot be used: \(why)"
        case .notShelved(let path, let why): "cannot install the runner library at \(path): \(why)"
        case .timedOut(let seconds, let place?):
            "the decode ran past its time limit of \(TimeLimit.text(seconds)) and was stopped; the model's code was last at \(place) (raise --timeout if the payload is only large)"
        case .timedOut(let seconds, nil):
            "the decode ran past its time limit of \(TimeLimit.text(seconds)) and was stopped (raise --timeout if the payload is only large)"
        case .crashed(let signal, let trap?):
            "the compiled model crashed decoding this payload (signal \(signal)): \(trap); an app decoding it would crash too"
        case .killed(let signal, true):
            "the system's out-of-memory killer ended the compiled model's decode (signal \(signal)): memory ran out; this says nothing about the payload"
        case .killed(let signal, false):
            "the compiled model's decode was ended from outside codable-explorer (signal \(signal)\(signal == SIGKILL ? ", which the out-of-memory killer also sends" : "")); this says nothing about the payload"
        case .crashed(let signal, nil):
            "the compiled model crashed decoding this payload (signal \(signal)): an app decoding it would crash too"
        case .exited(let status):
            "the compiled model's code ended the process (exit status \(status)) decoding this payload, before the decode answered (it calls exit(), or something it calls does); an app decoding it would end too"
        case .runnerFailed(let text): "the compiled runner failed: \(text)"
        case .badModuleName(let name):
            "--module-name \(name): a module name is a Swift identifier (letters, digits and _, not starting with a digit), and not Swift, Foundation or \(RunnerLibrary.moduleName)"
        case .badSPIName(let name): "--spi \(name): an SPI's name is a Swift identifier (letters, digits and _), as in @_spi(NAME)"
        case .behindSPI(let type, let spi, let module):
            "\(type) is declared behind @_spi(\(spi)) in \(module), so only a module importing that SPI reaches it: add --spi \(spi)"
        case .packageUnresolved(let folder):
            "the dependencies of the package at \(folder) are not resolved yet (the build is offline): run `swift package resolve` in \(folder), then try again"
        case .packageProblem(let target, let text):
            "cannot build the target \(target) with SwiftPM: \(text.trimmingCharacters(in: .whitespacesAndNewlines))"
        }
    }
}

extension PrivateFolder.Problem: CustomStringConvertible {
    public var description: String {
        switch self {
        case .notOwned(let path, let owner):
            "\(path) belongs to another user (uid \(owner)), so what is in it cannot be trusted: remove it (as root or its owner: `sudo rm -rf \(path)`), or set XDG_CACHE_HOME to a folder of your own"
        case .notAFolder(let path): "\(path) is not a folder (or is a link), so it cannot be trusted; remove it"
        case .cannotMake(let path, let reason): "cannot make the private folder \(path): \(reason)"
        case .unsafeAbove(let path, let owner, _) where owner != 0 && owner != UInt32(geteuid()):
            "\(path), a folder above the cache, belongs to another user (uid \(owner)), who could rename the cache away and put their own in its place: set XDG_CACHE_HOME to a folder of your own, or have \(path) owned by you or root (`sudo chown $(id -u) \(path)`)"
        case .unsafeAbove(let path, _, let mode):
            "\(path), a folder above the cache, can be written by others (mode \(Self.octal(mode))) and is not sticky, so another user could rename the cache away and put their own in its place: `chmod go-w \(path)`, or set XDG_CACHE_HOME to a folder of your own"
        case .cannotEmpty(let path, let reason):
            "\(path) could be written by other users, so what is in it may be theirs, and it could not be emptied (\(reason)): remove it (as root if need be: `sudo rm -rf \(path)`)"
        case .writableByOthers(let path, let mode):
            "\(path) can be written by other users (mode \(Self.octal(mode))), so what is in it may be theirs: remove it, or run the tool again to empty it"
        }
    }

    /// A mode as `ls` and `chmod` write it (`0777`).
    fileprivate static func octal(_ mode: UInt32) -> String { "0" + String(mode, radix: 8) }
}

extension CheckedExecutable.Refusal: CustomStringConvertible {
    public var description: String {
        switch self {
        case .folder(let problem): problem.description
        case .missing(let path): "the runner \(path) is missing"
        case .link(let path): "the runner \(path) is a link, so what it runs cannot be trusted"
        case .notAFile(let path): "the runner \(path) is not a file"
        case .notOwned(let path, let owner): "the runner \(path) belongs to another user (uid \(owner)), so it is not run"
        case .writableByOthers(let path, let mode):
            "the runner \(path) can be written by others (mode \(PrivateFolder.Problem.octal(mode))), so it is not run"
        case .notAsBuilt(_, let why): why
        case .cannotOpen(let path, let reason): "cannot open the runner \(path): \(reason)"
        }
    }
}

extension SupervisedProcess.SpawnError: CustomStringConvertible {
    public var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
}

extension ElementStop: CustomStringConvertible {
    var description: String {
        switch self {
        case .timedOut(let seconds):
            "decoding this element on its own ran past the time limit of \(TimeLimit.text(seconds)) and was stopped: an app that reaches it would hang"
        case .crashed(let signal, let trap?):
            "decoding this element on its own crashed the model's code (signal \(signal)): \(trap); an app that reaches it would crash"
        case .crashed(let signal, nil):
            "decoding this element on its own crashed the model's code (signal \(signal)): an app that reaches it would crash"
        }
    }
}

extension XcodeProject.Problem: CustomStringConvertible {
    /// `path/project.pbxproj:LINE: error: …` for what is wrong in the file, as swiftc places its own.
    public var description: String {
        switch self {
        case .notAProject(let path): "\(path): not an Xcode project (a folder holding project.pbxproj)"
        case .cannotRead(let file, let reason): "\(file): error: cannot read the project: \(reason)"
        case .malformed(let file, let line, let problem): "\(file):\(line): error: \(problem)"
        case .missingKey(let file, let line, let key, let owner): "\(file):\(line): error: \(owner) has no \(key)"
        case .badReference(let file, let line, let key, let expected):
            "\(file):\(line): error: \(key) names no \(expected.isEmpty ? "object" : expected) of the project"
        case .notAnArray(let file, let line, let key): "\(file):\(line): error: \(key) is not a list '( … )'"
        case .groupCycle(let file, let line): "\(file):\(line): error: the groups this object is in contain each other"
        case .unknownTarget(let project, let name, let known):
            "\(project) has no target \(name)\(known.isEmpty ? "" : "; its targets: \(known.joined(separator: ", "))")"
        case .noSwiftFiles(let project, let target): "the target \(target) of \(project) compiles no Swift file"
        case .noTargetCompiles(let project, let path, let known):
            "\(path): no target of \(project) compiles it\(known.isEmpty ? "" : "; its targets: \(known.joined(separator: ", "))")"
        case .severalTargetsCompile(let project, let path, let targets):
            "\(path) is compiled by several targets of \(project) (\(targets.joined(separator: ", "))): name one with --target"
        }
    }
}

extension ProjectPlistParser.Problem: CustomStringConvertible {
    public var description: String {
        switch self {
        case .expected(let what, let found?): "expected \(what), found '\(found)'"
        case .expected(let what, nil): "expected \(what), found the end of the file"
        case .unterminatedString(let line): "the quoted string that starts on line \(line) never ends"
        case .unterminatedComment(let line): "the comment that starts on line \(line) never ends"
        case .nestedTooDeep(let limit): "lists and dictionaries nest deeper than \(limit) levels"
        case .textAfterEnd: "text after the project's closing '}'"
        }
    }
}

extension XcodeProject.Note: CustomStringConvertible {
    public var description: String {
        switch self {
        case .configuration(let name, true): "the project's settings are its \(name) configuration's (the default)"
        case .configuration(let name, false): "the project's settings are its \(name) configuration's (what Xcode's Run builds)"
        case .droppedFlag(let flag): "OTHER_SWIFT_FLAGS: \(flag) does not change what the code means here; left out"
        case .unresolvedVariable(let setting, let variable):
            "\(setting): $(\(variable)) is not set in the project; taken as empty, as Xcode does"
        case .xcconfigNotRead(let name): "settings from \(name) are not read: only the project's own build settings apply"
        case .sourceOutsideProject(let path, let tree): "\(path) lies in \(tree), outside the project: left out"
        case .mainActorIsolation:
            "SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor: the models' Decodable conformances are main-actor isolated; they are decoded on the main actor, as the app's main-actor code decodes them (a nonisolated caller in the app would not compile)"
        }
    }
}

extension AllErrorsSearch: CustomStringConvertible {
    /// `found by decoding again with each earlier fault set aside: 3 decodes`, with the search's end
    /// when the last copy still failed.
    public var description: String {
        let decodes = decodes == 1 ? "1 decode" : "\(decodes) decodes"
        let found =
            switch method {
            case .eachElement: "found by decoding each element on its own: \(decodes)"
            case .setAside: "found by decoding again with each earlier fault set aside: \(decodes)"
            }
        switch stop {
        case nil: return found
        case .cannotSetAside?: return found + "; the last error's fault cannot be set aside, so errors after it may not be listed"
        case .placeholderRejected?:
            return found + "; the value put in to set the last fault aside did not decode either, so errors after it may not be listed"
        case .limit(let limit)?: return found + "; stopped at the limit of \(limit) decodes, so errors after it may not be listed"
        }
    }
}

extension AllErrorsSearch.SetAside: CustomStringConvertible {
    /// `2:10: replaced with 0`, `1:1: put in "id": 0`.
    public var description: String {
        switch edit {
        case .replaced(let text): "\(location.line):\(location.column): replaced with \(text)"
        case .insertedKey(let key, let value): "\(location.line):\(location.column): put in \(key): \(value)"
        }
    }
}
