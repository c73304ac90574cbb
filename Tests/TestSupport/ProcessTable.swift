import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The machine's processes as `ps` lists them (Linux and macOS alike): for tests that check that
/// the tool leaves no process behind.
public enum ProcessTable {
    public struct Entry: Sendable {
        public var pid: pid_t
        public var parent: pid_t
        public var state: String
        public var arguments: String
    }

    public static func all() -> [Entry] {
        guard let result = try? ProcessRunner.run(URL(fileURLWithPath: "/bin/ps"), ["-A", "-o", "pid=,ppid=,stat=,args="]) else {
            return []
        }
        return result.stdout.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
            guard fields.count >= 3, let pid = pid_t(fields[0]), let parent = pid_t(fields[1]) else { return nil }
            return Entry(pid: pid, parent: parent, state: String(fields[2]), arguments: fields.count > 3 ? String(fields[3]) : "")
        }
    }

    /// The processes below `pid` (children, their children, …) whose command line contains `text`.
    public static func descendants(of pid: pid_t, matching text: String) -> [pid_t] {
        let table = all()
        var found: [pid_t] = []
        var frontier: Set<pid_t> = [pid]
        while !frontier.isEmpty {
            let children = table.filter { frontier.contains($0.parent) && $0.state.first != "Z" }
            found += children.filter { text.isEmpty || $0.arguments.contains(text) }.map(\.pid)
            frontier = Set(children.map(\.pid))
        }
        return found
    }

    /// The living processes whose command line contains `text`.
    public static func matching(_ text: String) -> [Entry] {
        all().filter { $0.arguments.contains(text) && $0.state.first != "Z" && !$0.arguments.hasPrefix("/bin/ps ") }
    }

    /// Whether `pid` is still a living process (a zombie is not).
    public static func isAlive(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 else { return false }
        return all().first { $0.pid == pid }.map { $0.state.first != "Z" } ?? false
    }

    /// Polls `condition` every 100 ms until it holds (true) or `timeout` passes (false).
    public static func waitFor(timeout: Duration, _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return condition()
    }
}
