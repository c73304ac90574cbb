import Foundation

/// What a git checkout says about its HEAD, read from the files under `.git` (no `git`
/// process: a build must not depend on one being installed).
///
/// `.git` is a folder in a clone, and a file `gitdir: <path>` in a worktree or submodule;
/// HEAD is then that path's `HEAD`, while branches and tags live in the common folder named
/// by its `commondir` file. A ref is a loose file (`refs/heads/main` holding a commit) or a
/// line of `packed-refs` (`<sha> refs/tags/v1.0`, followed for an annotated tag by `^<sha>`,
/// the commit it peels to).
struct GitCheckout {
    /// The folder with `HEAD` (a worktree's own), and the one with `refs` and `packed-refs`.
    let gitDirectory: URL
    let commonDirectory: URL

    /// The checkout whose work tree is `root`, or nil when `root` has no `.git`.
    init?(root: URL) {
        let dotGit = root.appendingPathComponent(".git")
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: dotGit.path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue {
            gitDirectory = dotGit
        } else {
            guard let text = Self.read(dotGit), text.hasPrefix("gitdir:") else { return nil }
            let path = text.dropFirst("gitdir:".count).trimmingCharacters(in: .whitespaces)
            gitDirectory = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
        }
        if let common = Self.read(gitDirectory.appendingPathComponent("commondir")) {
            commonDirectory = common.hasPrefix("/") ? URL(fileURLWithPath: common) : gitDirectory.appendingPathComponent(common)
        } else {
            commonDirectory = gitDirectory
        }
    }

    /// The commit HEAD points at (40 hex digits), or nil for an unborn branch or a broken checkout.
    var headCommit: String? {
        guard let head = Self.read(gitDirectory.appendingPathComponent("HEAD")) else { return nil }
        guard head.hasPrefix("ref:") else { return Self.isObjectName(head) ? head : nil }
        return resolve(head.dropFirst("ref:".count).trimmingCharacters(in: .whitespaces))
    }

    /// The tags whose commit is `commit`, by name: loose tags that name the commit itself
    /// (lightweight tags) and packed tags whose commit or peeled commit it is. A loose
    /// annotated tag names a tag object, which is compressed: it is not matched.
    func tags(at commit: String) -> [String] {
        var names: [String] = []
        let tagsFolder = commonDirectory.appendingPathComponent("refs/tags")
        if let enumerator = FileManager.default.enumerator(at: tagsFolder, includingPropertiesForKeys: nil) {
            for case let file as URL in enumerator where Self.read(file) == commit {
                names.append(String(file.path.dropFirst(tagsFolder.path.count + 1)))
            }
        }
        var last: String?
        for line in packedRefs {
            if line.hasPrefix("^") {
                if String(line.dropFirst()) == commit, let last { names.append(last) }
                continue
            }
            let fields = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard fields.count == 2, fields[1].hasPrefix("refs/tags/") else { last = nil; continue }
            let name = String(fields[1].dropFirst("refs/tags/".count))
            last = name
            if fields[0] == commit { names.append(name) }
        }
        return Array(Set(names)).sorted()
    }

    /// The commit a full ref name (`refs/heads/main`) points at: its loose file, else packed-refs.
    private func resolve(_ ref: String) -> String? {
        for folder in [gitDirectory, commonDirectory] {
            if let sha = Self.read(folder.appendingPathComponent(ref)), Self.isObjectName(sha) { return sha }
        }
        for line in packedRefs where !line.hasPrefix("^") {
            let fields = line.split(separator: " ", maxSplits: 1)
            if fields.count == 2, fields[1] == ref, Self.isObjectName(String(fields[0])) { return String(fields[0]) }
        }
        return nil
    }

    private var packedRefs: [String] {
        (Self.read(commonDirectory.appendingPathComponent("packed-refs")) ?? "")
            .split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    }

    private static func read(_ url: URL) -> String? {
        (try? String(contentsOf: url, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func isObjectName(_ text: String) -> Bool {
        (text.count == 40 || text.count == 64) && text.allSatisfy(\.isHexDigit)
    }
}
