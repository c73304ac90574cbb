import CodableExplorerRunner
import DecodingEngine
import Foundation
import ModelSchema

/// What a worker's first job would do for the first time, done while it waits for that job: a
/// `check` starts its worker before it parses its own arguments (``EarlyWorker``), and the worker is
/// up some milliseconds before the job comes. The first decode of a ``DecodeJob`` and the first parse
/// of a model file pay for the Swift runtime's first look at their types (some 2 ms each), and the
/// runner library's source key is computed once a process; paid here, they are off the path to the
/// job's runner. Nothing of it is said.
enum WorkerWarmUp {
    static func run() {
        var job = DecodeJob(
            payloadPath: "warm-up.json", models: ModelSet(paths: ["warm-up.swift"], mode: .auto), typeExpression: "WarmUp",
            teaching: .explanations, value: .none)
        job.sessionTypes = ["WarmUp"]
        job.screen = 0
        job.timeLimit = 1
        if let frame = try? FrameEncoder().encode(job) { _ = try? FrameDecoder().decode(DecodeJob.self, from: frame) }
        _ = Schema(sources: [ModelSource(path: "warm-up.swift", text: "struct WarmUp: Decodable { let id: Int }\n")])
        CompiledDecoder.warmUp()
    }
}
