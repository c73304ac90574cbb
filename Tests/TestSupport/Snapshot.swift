import Foundation
import Testing

/// Text snapshots kept as files beside the tests (`Snapshots/<name>.txt` next to the test
/// file), compared whole and failing with a line diff; `SNAPSHOT_RECORD=1` writes them again
/// (swift-argument-parser's `assertSnapshot`, bubbletea's `testdata/*.golden`).
///
/// A recorded file is the product's screen or output as a user sees it: look at it before
/// committing it, and fix the product, not the file, when it shows a bug.
public enum Snapshot {
    /// Set to `1` to write every snapshot compared in this run instead of comparing it.
    public static let recordVariable = "SNAPSHOT_RECORD"

    public static var isRecording: Bool {
        ["1", "true", "yes"].contains(ProcessInfo.processInfo.environment[recordVariable]?.lowercased() ?? "")
    }

    /// The folder of snapshots beside the test file that calls.
    public static func folder(besides filePath: String) -> URL {
        URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Snapshots")
    }

    /// Compares `actual` with the snapshot `name` (or records it): nil when they agree, else
    /// what a failing test says, with the lines that differ.
    public static func mismatch(_ actual: String, named name: String, in folder: URL) -> String? {
        let file = folder.appendingPathComponent(name + ".txt")
        let text = actual.hasSuffix("\n") ? actual : actual + "\n"
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(text.utf8).write(to: file)
                return nil
            } catch {
                return "could not record the snapshot \(file.path): \(error)"
            }
        }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            return "no snapshot \(name) at \(file.path); run the test with \(recordVariable)=1 to record it, then look at it"
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard expected != text else { return nil }
        return "the snapshot \(name) differs (- recorded, + now; \(recordVariable)=1 records it again):\n"
            + LineDiff.text(from: expected, to: text)
    }
}

/// Records an issue when `actual` differs from the snapshot `name` beside the calling test file.
public func assertSnapshot(
    _ actual: String, named name: String, filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    if let message = Snapshot.mismatch(actual, named: name, in: Snapshot.folder(besides: filePath)) {
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}

/// A line diff for failure messages: the changed lines with two lines of context, `-` for the
/// recorded text, `+` for the new one, `@@ line N` before each hunk.
public enum LineDiff {
    public static func text(from old: String, to new: String) -> String {
        let a = old.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = new.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let difference = b.difference(from: a)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        // Walk both sides in step: (line of a, line of b, mark).
        var rows: [(Int, String)] = []  // (line number in the new text, rendered row)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count && removed.contains(i) {
                rows.append((j + 1, "-" + a[i])); i += 1
            } else if j < b.count && inserted.contains(j) {
                rows.append((j + 1, "+" + b[j])); j += 1
            } else {
                rows.append((j + 1, " " + (j < b.count ? b[j] : ""))); i += 1; j += 1
            }
        }
        let changed = rows.indices.filter { rows[$0].1.first != " " }
        var shown = Set<Int>()
        for k in changed { for n in max(0, k - 2)...min(rows.count - 1, k + 2) { shown.insert(n) } }
        var out: [String] = []
        var previous = -2
        for k in shown.sorted() {
            if k != previous + 1 { out.append("@@ line \(rows[k].0)") }
            out.append(rows[k].1)
            previous = k
        }
        return out.joined(separator: "\n")
    }
}
