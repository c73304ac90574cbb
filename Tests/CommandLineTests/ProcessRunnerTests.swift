import Foundation
import TestSupport
import Testing

/// The tests' way of running the tool keeps up with a child that writes much to standard error
/// before its standard output ends, or reads much input first: before, it read standard output to
/// its end first, and such a child (a tool printing many diagnostics) hung the test run.
@Suite struct ProcessRunnerTests {
    @Test("a child filling standard error before it writes standard output does not hang the test", .timeLimit(.minutes(1)))
    func muchOnStandardError() throws {
        let result = try ProcessRunner.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "head -c 300000 /dev/zero | tr '\\\\0' e >&2; echo done"])
        #expect(result.status == 0)
        #expect(result.stdout == "done\n")
        #expect(result.stderr.utf8.count == 300_000)
    }

    @Test("a large standard input is given whole while the child writes as it reads", .timeLimit(.minutes(1)))
    func largeInput() throws {
        let input = String(repeating: "line of input\n", count: 40_000)
        let result = try ProcessRunner.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "cat; cat >&2 < /dev/null"], stdin: input)
        #expect(result.status == 0)
        #expect(result.stdout == input)
    }
}
