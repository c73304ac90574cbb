import Foundation

/// How many processes the out-of-memory killer has ended in this process's control group, when the
/// system says: Linux, cgroup v2 (`memory.events`, `oom_kill N`) or v1 (`memory.oom_control`, kernel
/// 4.13 on), in the group `/proc/self/cgroup` names, else at the hierarchy's root. Nil elsewhere:
/// macOS's memory-pressure kills (jetsam) are not counted anywhere a process can read, so a child
/// that vanished by SIGKILL there is said to be killed from outside, not out of memory.
public enum OutOfMemoryKills {
    /// Whether more kills are counted now than `before` (a count taken earlier); nil when either
    /// count is unknown.
    public static func more(than before: Int?) -> Bool? {
        guard let before, let after = count() else { return nil }
        return after > before
    }

    public static func count() -> Int? {
        #if os(Linux)
        count(cgroups: try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8), root: "/sys/fs/cgroup")
        #else
        nil
        #endif
    }

    /// The count under the control-group file system at `root`, for a process whose
    /// `/proc/self/cgroup` reads `cgroups`.
    static func count(cgroups: String?, root: String) -> Int? {
        var candidates: [String] = []
        for line in (cgroups ?? "").split(separator: "\n") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count == 3 else { continue }
            let path = String(fields[2])
            if fields[0] == "0" && fields[1].isEmpty {
                candidates.append(root + path + "/memory.events")
            } else if fields[1].split(separator: ",").contains("memory") {
                candidates.append(root + "/memory" + path + "/memory.oom_control")
            }
        }
        candidates += [root + "/memory.events", root + "/memory/memory.oom_control"]
        for file in candidates {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") where line.hasPrefix("oom_kill ") {
                if let n = Int(line.dropFirst("oom_kill ".count)) { return n }
            }
        }
        return nil
    }
}
