import Foundation
import Testing

@testable import DecodingEngine

/// The out-of-memory killer's count, read where Linux keeps it for this process's control group:
/// cgroup v2's `memory.events` and v1's `memory.oom_control`, in the group `/proc/self/cgroup` names.
@Suite struct OutOfMemoryKillsTests {
    static func tree(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ce-cgroup-" + UUID().uuidString)
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return root
    }

    @Test func cgroupV2InTheProcesssOwnGroup() throws {
        let root = try Self.tree([
            "user.slice/session-3.scope/memory.events": "low 0\nhigh 0\nmax 4\noom 2\noom_kill 2\n",
            "memory.events": "oom_kill 40\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(OutOfMemoryKills.count(cgroups: "0::/user.slice/session-3.scope\n", root: root.path) == 2)
    }

    @Test func cgroupV1sMemoryController() throws {
        let root = try Self.tree(["memory/docker/abc/memory.oom_control": "oom_kill_disable 0\nunder_oom 0\noom_kill 5\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let cgroups = "12:pids:/docker/abc\n4:memory:/docker/abc\n1:name=systemd:/docker/abc\n"
        #expect(OutOfMemoryKills.count(cgroups: cgroups, root: root.path) == 5)
    }

    @Test func theRootWhenTheGroupHasNoCountAndNilWhenNothingSays() throws {
        let root = try Self.tree(["memory.events": "oom_kill 7\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(OutOfMemoryKills.count(cgroups: "0::/gone\n", root: root.path) == 7)
        #expect(OutOfMemoryKills.count(cgroups: "0::/\n", root: root.appendingPathComponent("nothing").path) == nil)
    }
}
