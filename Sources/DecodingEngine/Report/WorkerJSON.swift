import CodableExplorerRunner
import Foundation

/// The JSON coders for what crosses the worker boundary as JSON (the job, replies, a model
/// property inside a binary part): non-finite floats as the strings "+inf", "-inf" and "nan",
/// which JSON has no literal for: the runner channel's configuration (``RunnerChannel``), one for
/// every boundary.
public enum WorkerJSON {
    public static func encoder() -> JSONEncoder { RunnerChannel.encoder() }

    public static func decoder() -> JSONDecoder { RunnerChannel.decoder() }
}
