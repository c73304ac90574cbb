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
        case .crashed(let signal, nil):
            "the compiled model crashed decoding this payload (signal \(signal)): an app decoding it would crash too"
        case .runnerFailed(let text): "the compiled runner failed: \(text)"
        case .badModuleName(let name):
            "--module-name \(name): a module name is a Swift identifier (letters, digits and _, not starting with a digit), and not Swift, Foundation or \(RunnerLibrary.moduleName)"
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
            "\(path) belongs to another user (uid \(owner)), so what is in it cannot be trusted; remove it or set XDG_CACHE_HOME"
        case .notAFolder(let path): "\(path) is not a folder (or is a link), so it cannot be trusted; remove it"
        case .cannotMake(let path, let reason): "cannot make the private folder \(path): \(reason)"
        }
    }
}

extension SupervisedProcess.SpawnError: CustomStringConvertible {
    public var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
}

extension CompilerDiagnostic: CustomStringConvertible {
    /// `Models.swift:12:7: error: cannot find type 'Prodcut' in scope`
    public var description: String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return "\(name):\(line):\(column): \(severity): \(message)"
    }
}
