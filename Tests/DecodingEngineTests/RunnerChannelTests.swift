import CodableExplorerRunner
import Foundation
import TestSupport
import Testing

@testable import DecodingEngine

/// The runner's channel is the only place a verdict comes from: bytes that are not one whole
/// reply (random bytes, a frame cut anywhere, a reply that does not decode) give a failure,
/// never a verdict. A seeded fuzzer, so a failure repeats.
@Suite struct RunnerChannelTests {
    /// What the worker makes of these bytes on the channel.
    static func verdict(of bytes: [UInt8], nonce: String? = nil) -> Result<CompiledDecoder.Run, CompiledDecoder.Failure> {
        var reader = Frame.Reader()
        var collected = SupervisedProcess.Collected(output: ModelOutput())
        do {
            collected.frames = try reader.feed(bytes)
            try reader.finish()
        } catch {
            collected.channelProblem = error
        }
        do { return .success(try CompiledDecoder.interpret(collected, nonce: nonce)) } catch { return .failure(error) }
    }

    static let okReply = try! RunnerChannel.frame(.reply, RunnerReply(ok: true)).bytes
    static let failingReply = try! RunnerChannel.frame(
        .reply,
        RunnerReply(ok: false, error: .init(kind: .keyNotFound, codingPath: [.init(key: "a")], debugDescription: "No value", key: "b"))
    ).bytes

    @Test func aWholeReplyIsTheVerdict() throws {
        #expect(try Self.verdict(of: Self.okReply).get().reply.ok)
        #expect(try Self.verdict(of: Self.failingReply).get().reply.error?.key == "b")
    }

    /// A reply without the run's nonce was not written by the runner (the model's own code wrote it on
    /// the channel): it is no verdict, whatever it says.
    @Test func aReplyWithoutTheRunsNonceIsNoVerdict() throws {
        #expect(throws: CompiledDecoder.Failure.self) { try Self.verdict(of: Self.okReply, nonce: "1-2").get() }
        let forged = try RunnerChannel.frame(.reply, RunnerReply(ok: true, nonce: "9-9")).bytes
        #expect(throws: CompiledDecoder.Failure.self) { try Self.verdict(of: forged, nonce: "1-2").get() }
        let own = try RunnerChannel.frame(.reply, RunnerReply(ok: true, nonce: "1-2")).bytes
        #expect(try Self.verdict(of: forged + own, nonce: "1-2").get().reply.ok)
    }

    @Test func aReplyCutAnywhereIsNoVerdict() {
        for reply in [Self.okReply, Self.failingReply] {
            for length in 0..<reply.count {
                guard case .failure = Self.verdict(of: Array(reply.prefix(length))) else {
                    Issue.record("a reply cut to \(length) of \(reply.count) bytes gave a verdict")
                    return
                }
            }
        }
    }

    @Test func randomBytesAreNoVerdict() {
        var random = SeededGenerator(seed: 0x5EED)
        for round in 0..<5_000 {
            let count = Int.random(in: 0..<64, using: &random)
            var bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            // Half of them look like frames: a plausible length and a reply's kind ahead of noise.
            if round % 2 == 0, count > 5 {
                let length = UInt32(count - 4)
                bytes[0...3] = [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
                bytes[4] = RunnerChannel.Kind.reply.rawValue
            }
            if case .success = Self.verdict(of: bytes) {
                Issue.record("random bytes gave a verdict: \(bytes)")
                return
            }
        }
    }

    @Test func noiseAfterAReplyIsNoVerdict() {
        var random = SeededGenerator(seed: 42)
        for _ in 0..<500 {
            let noise = (0..<Int.random(in: 1..<32, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            if case .success = Self.verdict(of: Self.okReply + noise) {
                Issue.record("a reply followed by noise gave a verdict: \(noise)")
                return
            }
        }
    }
}
