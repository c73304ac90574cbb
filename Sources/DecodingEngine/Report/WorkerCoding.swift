import CodableExplorerRunner

/// The coders of what crosses the worker boundary (the job, replies, a model property inside a
/// binary part): the channels' binary form (``FrameEncoder``, ``FrameDecoder``), the runner
/// channel's (``RunnerChannel``), one for every boundary.
public enum WorkerCoding {
    public static func encoder() -> FrameEncoder { RunnerChannel.encoder() }

    public static func decoder() -> FrameDecoder { RunnerChannel.decoder() }
}
