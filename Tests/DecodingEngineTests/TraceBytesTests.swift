import CodableExplorerRunner
import Foundation
import Testing

/// A traced decode's calls cross the runner's channel as ``TraceBytes``: what the worker reads is
/// every call as the runner made it, and bytes that are not a trace are refused, never read as one.
@Suite struct TraceBytesTests {
    /// Calls as a large decode makes them: shared and nested paths, keys with converted forms,
    /// indexes, errors, depths and types, and text that is not ASCII.
    static func calls(count: Int) -> [RunnerCall] {
        var generator = SystemRandomNumberGenerator()
        var calls: [RunnerCall] = []
        let kinds: [RunnerReply.Failure.Kind?] = [nil, nil, nil, .keyNotFound, .typeMismatch, .valueNotFound, .dataCorrupted, .other]
        for n in 0..<count {
            let page = RunnerJob.Step(index: n / 7)
            let key = RunnerJob.Step(key: "t\(n % 5)_ü", convertedKey: n % 3 == 0 ? "t\(n % 5)Ü" : nil)
            let path: [RunnerJob.Step] = [RunnerJob.Step(key: "pages"), page] + (n % 2 == 0 ? [key] : [])
            calls.append(
                RunnerCall(
                    c: ["init", "keyed.decode", "unkeyed.decode", "container"][n % 4], p: path,
                    k: n % 4 == 1 ? key : (n % 4 == 2 ? RunnerJob.Step(index: Int(generator.next() as UInt32)) : nil),
                    e: kinds[n % kinds.count], d: n % 6 == 5 ? nil : n % 4, t: n % 5 == 0 ? nil : "Models.Type\(n % 9)<Swift.Int>"))
        }
        return calls
    }

    @Test func everyCallComesBackAsTheRunnerMadeIt() {
        let calls = Self.calls(count: 5000)
        let bytes = TraceBytes.encode(calls)
        #expect(TraceBytes.decode(bytes) == calls)
        #expect(TraceBytes.decode([]) == [])
        // Each string and path once: far smaller than the calls as JSON.
        let json = (try? JSONEncoder().encode(calls).count) ?? 0
        #expect(bytes.count * 4 < json, "\(bytes.count) bytes, \(json) as JSON")
    }

    @Test func bytesThatAreNotATraceAreRefused() {
        let bytes = TraceBytes.encode(Self.calls(count: 200))
        // Cut anywhere inside a record, or a number pointing past what was defined: refused.
        #expect(TraceBytes.decode(Array(bytes.prefix(bytes.count - 1))) == nil)
        #expect(TraceBytes.decode([3, 0, 0, 0xFF, 0, 0, 0]) == nil)
        #expect(TraceBytes.decode([2, 7, 0]) == nil)
        #expect(TraceBytes.decode([9]) == nil)
        #expect(TraceBytes.decode([1, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]) == nil)
        // Random bytes are never a crash.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            let random = (0..<Int.random(in: 0..<64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = TraceBytes.decode(random)
        }
    }
}
