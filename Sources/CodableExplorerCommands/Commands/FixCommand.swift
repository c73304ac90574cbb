import ArgumentParser
import CommandRuns

/// `fix`: the verified fixes for a payload and a model, numbered; `--apply N` writes the Nth
/// to the model file, atomically, keeping a backup.
struct FixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "List the verified fixes for what JSONDecoder rejects, or write one to the model.",
        discussion: """
            Takes the same arguments as check. Without --apply, lists every fix with its verdict and diff \
            (--format json: an array of the fixes) \
            (exit 0 when the payload already decodes, 1 when there are errors). With --apply N, writes fix N \
            to the model file atomically, keeping the old file as FILE.orig (or .orig.1, …), and prints what \
            it wrote (exit 0); a fix that is a decoder setting or another decode call changes no file and \
            says what to set instead. With --apply 2,4,6, the fixes are merged into one change and the payload \
            decoded again with all of them applied; it is written only if together they leave no more errors \
            than the best of them alone (fixes that change the same lines, or set the same strategy, clash: exit 2). Exit 2: the command could not run, or the file could not be written.

            Example:
              codable-explorer fix payload.json --model Models.swift --type Team --apply 1
            """
    )

    @OptionGroup var check: Check

    @Option(
        name: .customLong("apply"),
        help: "Write fix N (as numbered in the listing) to the model file; N,M,… writes several, decoded again together first.")
    var apply: FixNumbers?

    func run() throws {
        try FixRun(request: try CommandFailure.orExit(check.request), format: check.format, apply: apply?.numbers).run()
    }
}
