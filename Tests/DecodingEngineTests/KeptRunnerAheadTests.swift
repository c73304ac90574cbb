import CodableExplorerRunner
import Foundation
import JSONTree
import ModelSchema
import Testing

@testable import DecodingEngine

/// Jobs planned ahead on a kept runner (``KeptRunner/planning(_:)``) go on its channel behind the
/// job in hand, and each is answered as if it had gone alone: its verdict, its error, what the
/// model's code printed on each stream, and a trap in one is that job's alone, not the one before.
@Suite struct KeptRunnerAheadTests {
    /// A model whose code prints on both streams for each value, and traps on 99.
    static let model = """
        import Foundation

        struct Box: Decodable {
            let x: Int
            enum Keys: String, CodingKey { case x }
            init(from decoder: Decoder) throws {
                let container = try decoder.container(keyedBy: Keys.self)
                x = try container.decode(Int.self, forKey: .x)
                print("out \\(x)")
                FileHandle.standardError.write(Data("err \\(x)\\n".utf8))
                if x == 99 { fatalError("box 99 traps") }
            }
        }

        """

    /// What a decode said, as compared: the verdict, each error, the model's output, or the failure.
    struct Answer: Equatable, CustomStringConvertible {
        var text: String
        var description: String { text }

        init(_ decode: () throws(CompiledDecoder.Failure) -> DecodeReport) {
            do {
                let report = try decode()
                let errors = report.errors.map { "\($0.kind) at \($0.codingPath): \($0.debugDescription)" }
                let output = report.modelOutput.map { "[\($0.standardOutput.text)|\($0.standardError.text)]" } ?? "[]"
                text = "ok \(report.ok) \(errors) \(output)"
            } catch {
                text = "failure: \(error)"
            }
        }
    }

    /// The model's runner built in a cache of the test's own, and `bodies` written beside it.
    struct Setup {
        var cache: URL
        var decoder: CompiledDecoder
        var payloads: [(path: String, tree: JSONTree)]

        init(_ bodies: [String]) throws {
            cache = try SeededRunnerCache.make(prefix: "kept-ahead")
            let modelFile = cache.appendingPathComponent("Box.swift").path
            try KeptRunnerAheadTests.model.write(toFile: modelFile, atomically: true, encoding: .utf8)
            decoder = CompiledDecoder(
                models: [ModelSource(path: modelFile, text: KeptRunnerAheadTests.model)], typeExpressions: ["Box"], cacheFolder: cache)
            decoder.prepared = try decoder.prepare().executable
            payloads = try bodies.enumerated().map { [cache] index, body in
                let path = cache.appendingPathComponent("\(index).json").path
                try body.write(toFile: path, atomically: true, encoding: .utf8)
                return (path: path, tree: try JSONTree.parse(Array(body.utf8)))
            }
        }
    }

    static let bodies = [#"{"x": 1}"#, #"{"x": "two"}"#, #"{"x": 3}"#, #"{"x": 99}"#, #"{"x": 5}"#, #"{"x": 6}"#]

    @Test func jobsSentAheadAreAnsweredAsIfEachWentAlone() throws {
        let setup = try Setup(Self.bodies)
        defer { try? FileManager.default.removeItem(at: setup.cache) }
        let (decoder, payloads) = (setup.decoder, setup.payloads)
        func answer(_ decoder: CompiledDecoder, _ index: Int) -> Answer {
            Answer { () throws(CompiledDecoder.Failure) in
                try decoder.decode("Box", payloadPath: payloads[index].path, tree: payloads[index].tree, options: DecodeOptions())
            }
        }
        // Each alone: a runner of its own.
        let alone = payloads.indices.map { answer(decoder, $0) }
        #expect(alone[0].text == "ok true [] [out 1\n|err 1\n]")
        #expect(alone[1].text.hasPrefix("ok false [\"typeMismatch at [x]"), "\(alone[1])")
        #expect(alone[3].text.hasPrefix("failure: ") && alone[3].text.contains("box 99 traps"), "\(alone[3])")

        // All but the first planned, then asked for in order on one kept runner.
        let kept = KeptRunner()
        defer { kept.close() }
        var session = decoder
        session.keptRunner = kept
        kept.planning {
            for index in payloads.indices.dropFirst() { _ = answer(session, index) }
        }
        let ahead = payloads.indices.map { answer(session, $0) }
        #expect(ahead == alone)
        #expect(kept.sentAhead == payloads.count - 1, "the planned jobs went on the channel behind the first")
        // The trap ended the runner with the jobs behind it, which went again to a new one.
        #expect(kept.started >= 2)
    }

    @Test func aPlanNotFollowedIsReadOutAndEachJobStillGetsItsOwnAnswer() throws {
        let setup = try Setup([#"{"x": 1}"#, #"{"x": 2}"#, #"{"x": "three"}"#])
        defer { try? FileManager.default.removeItem(at: setup.cache) }
        var decoder = setup.decoder
        let payloads = setup.payloads
        let kept = KeptRunner()
        defer { kept.close() }
        decoder.keptRunner = kept
        func answer(_ index: Int) -> Answer {
            Answer { () throws(CompiledDecoder.Failure) in
                try decoder.decode("Box", payloadPath: payloads[index].path, tree: payloads[index].tree, options: DecodeOptions())
            }
        }
        // 1 and 2 planned behind 0; then 2 is asked for before 1.
        kept.planning {
            _ = answer(1)
            _ = answer(2)
        }
        #expect(answer(0).text == "ok true [] [out 1\n|err 1\n]")
        #expect(kept.sentAhead == 2)
        #expect(answer(2).text.hasPrefix("ok false [\"typeMismatch at [x]"))
        #expect(answer(1).text == "ok true [] [out 2\n|err 2\n]")
        #expect(kept.started == 1, "one runner answered all, the plan not followed read out of it")
    }

    /// A job's output is what its stream says up to its mark, wherever reads cut the mark; what
    /// follows the mark (in the same read) is the next job's, kept for it whole.
    @Test func aJobsOutputEndsAtItsMarkAndWhatFollowsIsTheNextJobs() {
        let mark = RunnerChannel.outputMark(nonce: "first")
        let next = RunnerChannel.outputMark(nonce: "second")
        for cut in [0, 1, mark.count / 2, mark.count - 1, mark.count] {
            var stream = MarkedStream(mark: mark)
            var output = CapturedOutput()
            let bytes = Array("out 1\n".utf8) + mark + Array("out 2\n".utf8) + next
            let split = 6 + cut
            stream.add(bytes[..<split], to: &output)
            #expect(!stream.isMarked || cut == mark.count)
            stream.add(bytes[split...], to: &output)
            #expect(stream.isMarked)
            stream.flush(to: &output)
            #expect(output.text == "out 1\n", "cut \(cut)")
            #expect(stream.after == Array("out 2\n".utf8) + next, "cut \(cut)")
            // The next job's stream reads what came after, up to its own mark.
            var second = MarkedStream(mark: next)
            var secondOutput = CapturedOutput()
            second.add(stream.after[...], to: &secondOutput)
            #expect(second.isMarked && secondOutput.text == "out 2\n" && second.after.isEmpty)
        }
        // A stream that never comes to its mark: all of it is the job's output.
        var open = MarkedStream(mark: mark)
        var output = CapturedOutput()
        open.add(Array("no mark".utf8)[...], to: &output)
        open.flush(to: &output)
        #expect(!open.isMarked && output.text == "no mark")
    }
}
