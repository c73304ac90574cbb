import DecodeWorker
import DecodingEngine
import JSONTree
import ModelInference
import Teaching

/// Why a command cannot do what it was asked (exit status 2), as a value: each case holds what
/// went wrong and where. ``description`` and ``details`` are the one place in the commands that put
/// it into words; `PayloadInput.complain(_:)` prints it, escaped, on standard error.
enum CommandFailure: Error, Equatable, CustomStringConvertible {
    // Reading the payload (`name` as diagnostics show it: `<stdin>` for `-`).
    /// No payload was given, and the bundled samples that open instead are not there.
    case noPayloadAndNoSamples
    /// It cannot be opened or looked at: the system's reason.
    case cannotOpen(name: String, reason: String)
    /// It is a folder or a device, not a file to read.
    case notAFile(name: String, kind: NotAFile)
    /// Reading it failed part way: the system's reason.
    case cannotRead(name: String, reason: String)
    /// It is larger than the tool reads (`size` nil: a stream that went on past the limit).
    case tooLarge(name: String, size: Int?, limit: Int)
    /// Standard input's payload could not be written to the private file the worker reads.
    case cannotKeepStandardInput(path: String, reason: String)

    // What the command line says.
    /// `--path` is not a key path.
    case pathSyntax(NodePath.ParseError)
    /// `--path` leads nowhere in the payload.
    case pathNotInPayload(NodePath, NodePath.ResolutionError)
    /// `--name` cannot name the root type.
    case rootName(String, problem: String)
    /// A strategy flag's value is not one of those it takes (its own message).
    case strategy(String)
    case noModel
    /// `--target` without `--package`, or the other way round.
    case targetWithoutPackage
    case packageWithoutTarget(String)
    /// `--model` and `--package` both given.
    case modelAndPackage
    /// `--module-name` with a package target, whose module is the target's.
    case moduleNameWithPackage
    /// A `--package` folder with no Package.swift.
    case noPackageManifest(String)
    /// SwiftPM could not describe or build the package's target.
    case package(CompiledDecoder.Failure)
    /// A `--model` path that is neither a file nor a folder.
    case noSuchModel(String)
    case decoderNeedsCompiledMode
    case decoderWithStrategyFlags
    case timeout(Double)

    // `fix --apply 2,4,6`: a number no verified fix has, or why the fixes were not written together.
    case noSuchFix(Int, verified: Int)
    /// Two of them change the same lines differently.
    case fixesConflict(FixMerge.Conflict)
    /// A decoder setting or decode call `check` has no flag for: they cannot be decoded together here.
    case fixesNotDecodable(String)
    /// Decoding the payload again with all of them applied gave no verdict.
    case fixesNotRedecoded(String)
    /// Together they leave more errors than the best of them alone.
    case fixesWorseTogether(errors: Int, best: Int, number: Int)

    // What ran.
    case inference(InferenceError)
    /// The worker gave no verdict: the job could not run, or the child crashed or was killed.
    case worker(WorkerFailure)

    enum NotAFile: Equatable {
        case directory, device
    }

    var description: String {
        switch self {
        case .noPayloadAndNoSamples: "no payload given and the bundled SamplePayloads folder was not found"
        case .cannotOpen(let name, let reason): "\(name): \(reason)"
        case .notAFile(let name, .directory): "\(name): is a directory, not a payload file"
        case .notAFile(let name, .device): "\(name): is a device, not a payload file"
        case .cannotRead(let name, let reason): "\(name): cannot be read (\(reason))"
        case .tooLarge(let name, let size, let limit):
            "\(name) \(size.map { "is \($0) bytes" } ?? "goes on past \(limit) bytes"): payloads up to \(limit) bytes are supported; stopped reading"
        case .cannotKeepStandardInput(let path, let reason): "cannot keep standard input's payload in \(path): \(reason)"
        case .pathSyntax(let error): "--path: \(error.message)"
        case .pathNotInPayload(let path, let error): "--path \(path): \(error.message)"
        case .rootName(let name, let problem): "--name \(TerminalSafeText.escape(name)): \(problem)"
        case .strategy(let message): message
        case .noModel: "no model given: pass --model FILE or --model DIR, or --package DIR --target NAME"
        case .targetWithoutPackage: "--target names a target of a package: give --package DIR too"
        case .packageWithoutTarget(let folder): "--package \(folder): name the target that declares the models with --target NAME"
        case .modelAndPackage: "--model and --package both name the models: give the package's target alone"
        case .moduleNameWithPackage: "--module-name is for loose model files: a package target's module is the target's own"
        case .noPackageManifest(let folder): "--package \(folder): no Package.swift there"
        case .package(let failure): failure.description
        case .noSuchModel(let path): "\(path): no such model file or folder"
        case .decoderNeedsCompiledMode: "--decoder runs the app's own decoder: it needs --mode auto or compiled"
        case .decoderWithStrategyFlags:
            "--decoder is the app's configured JSONDecoder: leave out the strategy flags (the app's decoder is the truth)"
        case .timeout(let seconds): "--timeout takes a number of seconds above 0, not \(seconds)"
        case .noSuchFix(let number, let verified):
            "there is no fix \(number): \(verified) fix\(verified == 1 ? " was" : "es were") verified"
        case .fixesConflict(let conflict): conflict.description
        case .fixesNotDecodable(let what): "\(what): the fixes cannot be decoded again together; apply them one at a time"
        case .fixesNotRedecoded(let why): "the fixes could not be decoded again together: \(why)"
        case .fixesWorseTogether(let errors, let best, let number):
            "applied together the fixes leave \(errors) error\(errors == 1 ? "" : "s"), more than fix \(number) alone (\(best)); nothing was written"
        case .inference(let error): error.description
        case .worker(.doesNotCompile): "the model does not compile (swiftc):"
        case .worker(let failure): failure.description
        }
    }

    /// Lines said under the reason, each on its own: swiftc's diagnostics, file:line:col.
    var details: [String] {
        if case .worker(.doesNotCompile(let diagnostics)) = self { return diagnostics.map(\.description) }
        return []
    }
}
