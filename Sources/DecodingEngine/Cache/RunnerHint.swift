import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which cached runner a command line's session used last, so that its worker can start that
/// runner before the command has parsed its arguments (``KeptRunner/prestart(_:)``): a runner
/// takes some 8 ms to start and answer its first job, which a capture's check otherwise waits for
/// after the worker has found it. The hint is a key of the command line and its folder; the cache
/// remembers, for the last ``kept`` keys, the runner each one's session used (`runners/hints`,
/// 0600). A hint only says what to start early: the job still finds its runner as before, and a
/// runner started for a hint that is not the one found is ended unused. What is started is checked
/// as every runner is (``CheckedExecutable``), and named by its key only, in the cache's own folder.
public struct RunnerHint: Sendable, Hashable {
    /// The 32 hexadecimal digits of the command line's key.
    public let key: String

    /// How many command lines the cache remembers a runner for.
    static let kept = 64

    /// The hint of `arguments` run in `directory` (the relative paths in them are its).
    public init(arguments: [String], directory: String) {
        key = RunnerCache.key(["runner-hint 1", directory] + arguments)
    }

    /// The hint whose key is `key` (a worker's command line carries it); nil unless 32 hexadecimal digits.
    public init?(key: String) {
        guard key.utf8.count == 32, key.utf8.allSatisfy({ Self.isHexDigit($0) }) else { return nil }
        self.key = key
    }

    /// The runner this command line's session used last, in the runners' `folder`, if the cache
    /// remembers one (whether it is still there and trusted is checked when it is started).
    public func runner(in folder: URL) -> URL? {
        guard let name = Self.remembered(in: folder).first(where: { $0.key == key })?.runner else { return nil }
        return folder.appendingPathComponent(name)
    }

    /// Remembers that this command line's session used `runner` (a runner of the cache in `folder`):
    /// the file is written whole (a new file renamed over it); a failure only means no hint next time.
    public func remember(_ runner: URL, in folder: URL) {
        let name = runner.lastPathComponent
        guard runner.deletingLastPathComponent().standardizedFileURL.path == folder.standardizedFileURL.path, Self.isRunnerName(name),
            (try? PrivateFolder.ensure(folder)) != nil
        else { return }
        let others = Self.remembered(in: folder).filter { $0.key != key }.map { "\($0.key) \($0.runner)" }
        let text = ([key + " " + name] + others.prefix(Self.kept - 1)).joined(separator: "\n") + "\n"
        PrivateFolder.writeWhole(Data(text.utf8), to: Self.file(in: folder))
    }

    private static func file(in folder: URL) -> URL { folder.appendingPathComponent("hints") }

    /// Each remembered key and its runner's name, most recent first, when the file is the user's own
    /// that no one else can write; a line that is not a key and a runner's name is skipped (and
    /// dropped when the file is written again).
    private static func remembered(in folder: URL) -> [(key: String, runner: String)] {
        guard let data = PrivateFolder.trustedContents(of: file(in: folder)) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.count == 2, let hint = RunnerHint(key: String(words[0])), isRunnerName(words[1]) else { return nil }
            return (hint.key, String(words[1]))
        }
    }

    /// `runner-` and 32 hexadecimal digits (``RunnerCache/runnerPrefix``): a name in the folder, never a path.
    static func isRunnerName(_ name: some StringProtocol) -> Bool {
        guard name.hasPrefix(RunnerCache.runnerPrefix) else { return false }
        let digits = name.utf8.dropFirst(RunnerCache.runnerPrefix.utf8.count)
        return digits.count == 32 && digits.allSatisfy(isHexDigit)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
