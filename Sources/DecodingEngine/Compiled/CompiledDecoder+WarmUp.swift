extension CompiledDecoder {
    /// Computes, once a process, what every compiled job's runner lookup needs first: the key of
    /// the embedded runner library's source (a hash of its 127 KB). A worker does it while it
    /// waits for its first job (`WorkerWarmUp`), off the path to that job's runner.
    public static func warmUp() {
        _ = RunnerLibrary.sourceKey
    }
}
