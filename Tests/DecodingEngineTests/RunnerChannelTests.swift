import CodableExplorerRunner
import Foundation
import Testing

@testable import DecodingEngine

/// The runner's channel is the only place a verdict comes from: bytes that are not one whole
/// reply (random bytes, a frame cut anywhere, a reply that does not decode) give a failure,
/// never a verdict. A seeded fuzzer, so a failure repeats.
@Suite struct RunnerChannelTests {
    /// A generator with a fixed seed (SplitMix64).
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// What the worker makes of these bytes on the channel.
    static func verdict(of bytes: [UInt8]) -> Result<CompiledDecoder.Run, CompiledDecoder.Failure> {
        var reader = Frame.Reader()
        var collected = SupervisedProcess.Collected(output: ModelOutput())
        do {
            collected.frames = try reader.feed(bytes)
            try reader.finish()
        } catch {
            collected.channelProblem = error
        }
        do { return .success(try CompiledDecoder.interpret(collected)) } catch { return .failure(error) }
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
        var random = Seeded(state: 0x5EED)
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
        var random = Seeded(state: 42)
        for _ in 0..<500 {
            let noise = (0..<Int.random(in: 1..<32, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            if case .success = Self.verdict(of: Self.okReply + noise) {
                Issue.record("a reply followed by noise gave a verdict: \(noise)")
                return
            }
        }
    }
}
