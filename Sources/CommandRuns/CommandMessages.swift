import Capture
import DecodeWorker
import DecodingEngine
import JSONTree
import ModelInference
import Teaching

/// The commands' errors in the user's words: the one place a new kind of command failure or
/// command-line mistake gets its text. `PayloadInput.complain(_:)` prints a failure, escaped, on
/// standard error.

extension CommandFailure: CustomStringConvertible {
    public var description: String {
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
        case .noModel: "no model given: pass --model FILE or --model DIR, --package DIR --target NAME, or --project App.xcodeproj"
        case .capture(let error): error.description
        case .routes(let error): error.description
        case .captureNeedsRoutes(let command):
            "\(command) over a capture needs --routes FILE (which type decodes which response) or --type TYPE (one type for every entry)"
        case .routesAndType: "--routes and --type both say which type decodes an entry: give one of them"
        case .captureNeedsType(let types):
            "the routes name several types (\(types.map { TerminalSafeText.escape($0) }.joined(separator: ", "))): pass --type NAME to infer one of them"
        case .targetWithoutPackage:
            "--target names a target of a package or an Xcode project: give --package DIR or --project App.xcodeproj too"
        case .packageWithoutTarget(let folder): "--package \(folder): name the target that declares the models with --target NAME"
        case .modelAndPackage: "--model and --package both name the models: give the package's target alone"
        case .moduleNameWithPackage: "--module-name is for loose model files: a package target's module is the target's own"
        case .spiWithoutPackage:
            "--spi imports a package target's SPI: give --package DIR --target NAME (loose model files reach every type already)"
        case .noPackageManifest(let folder): "--package \(folder): no Package.swift there"
        case .package(let failure): failure.description
        case .projectAndOtherModels: "--project names the models (its --target's Swift files): give it without --model or --package"
        case .projectWithoutTarget(let project, let targets):
            "--project \(project): name the target that declares the models with --target NAME\(targets.isEmpty ? "" : " (its targets: \(targets.joined(separator: ", ")))")"
        case .project(let problem): problem.description
        case .cannotInstall(let path, let reason): "cannot install \(path): \(reason)"
        case .runnerLibrary(let failure): failure.description
        case .noSuchModel(let path): "\(path): no such model file or folder"
        case .scenario(.unreadable(let path, let reason)): "--scenario \(path): cannot be read (\(reason))"
        case .scenario(.noModelsBeside(let path)):
            "--scenario \(path): no Models.swift beside it (a scenario decodes with the Models.swift of its folder)"
        case .scenario(.notAScenario(let path, let reason)): "--scenario \(path): not a scenario file (\(reason))"
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
        case .worker(.doesNotCompile): CompiledDecoder.Failure.doesNotCompileHeadline + ":"
        case .worker(let failure): failure.description
        }
    }

    /// Lines said under the reason, each on its own: swiftc's diagnostics, file:line:col.
    public var details: [String] {
        if case .worker(.doesNotCompile(let diagnostics)) = self { return diagnostics.map(\.description) }
        return []
    }
}
