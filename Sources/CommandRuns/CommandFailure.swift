import Capture
import DecodeWorker
import DecodingEngine
import JSONTree
import ModelInference
import Teaching

/// Why a command cannot do what it was asked (exit status 2), as a value: each case holds what
/// went wrong and where. ``description`` and ``details`` (CommandMessages.swift) are the one place in
/// the commands that put it into words; `PayloadInput.complain(_:)` prints it, escaped, on standard error.
public enum CommandFailure: Error, Equatable {
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
    /// A capture's check without any model (a single payload's is refused by the worker).
    case noModel
    /// `--target` without `--package`, or the other way round.
    case targetWithoutPackage
    case packageWithoutTarget(String)
    /// `--model` and `--package` both given.
    case modelAndPackage
    /// `--module-name` with a package target, whose module is the target's.
    case moduleNameWithPackage
    /// `--spi` without a package target (loose files are one module with the runner: no SPI to import).
    case spiWithoutPackage
    /// A `--package` folder with no Package.swift.
    case noPackageManifest(String)
    /// SwiftPM could not describe or build the package's target.
    case package(CompiledDecoder.Failure)
    /// `--project` with `--package` or `--model`, which name the models too.
    case projectAndOtherModels
    /// `--project` without `--target`: the project's targets.
    case projectWithoutTarget(String, targets: [String])
    /// The Xcode project cannot say what the target compiles.
    case project(XcodeProject.Problem)

    // `install`.
    /// The binary could not be written at `path`.
    case cannotInstall(path: String, reason: String)
    /// The runner library could not be built or put beside it.
    case runnerLibrary(CompiledDecoder.Failure)
    /// A `--model` path that is neither a file nor a folder.
    case noSuchModel(String)
    /// The `--scenario` file cannot be used.
    case scenario(Scenario.Problem)
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

    // Captures (`check` and `infer` over recorded traffic).
    /// The capture is not one: malformed HAR, at its place.
    case capture(CaptureError)
    /// A mistake in the routes file, at its place (or a rule's type the model does not have).
    case routes(RouteError)
    /// A capture with neither --routes nor --type; the command's name.
    case captureNeedsRoutes(String)
    /// --routes and --type both given to `check`.
    case routesAndType
    /// `infer` over routes that name several types, without --type: the types.
    case captureNeedsType([String])

    // What ran.
    case inference(InferenceError)
    /// The worker gave no verdict: the job could not run, or the child crashed or was killed.
    case worker(WorkerFailure)

    public enum NotAFile: Equatable {
        case directory, device
    }
}
