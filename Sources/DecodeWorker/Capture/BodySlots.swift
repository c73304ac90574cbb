import DecodingEngine
import Foundation

/// Where one run of a check hands bodies to the worker (``BodyFile``): a folder of its own in the
/// check's private folder (two runs of the explorer's checks never share a file), and a few files
/// in it written again and again: ``depth`` for the entries checked alone, taken in turn, and one
/// for each screen of a batch. A new file for each entry cost 0.6 ms on a busy ext4 `/tmp` (its allocator
/// skips the inodes deleted in the last seconds, reading each); a file rewritten in place, 10 µs.
final class BodySlots {
    /// How many entries checked alone may be out at once: each has a file of its own until its
    /// verdict is in.
    static let depth = 16

    let folder: URL
    /// Hears each path before it is first written (the folder before its files), so that a signal
    /// that ends the process removes them (``CaptureCheck/scratch``).
    private let scratch: (String) -> Void
    private var told: Set<String> = []

    init(in bodies: URL, scratch: @escaping (String) -> Void = { _ in }) throws(BodyFile.Failure) {
        do { folder = try PrivateFolder.makeUnique(in: bodies, prefix: "run") } catch {
            throw BodyFile.Failure(path: bodies.path, reason: error.description)
        }
        self.scratch = scratch
        scratch(folder.path)
    }

    /// Writes the body of the entry checked alone that is sent `number`th; its path. The entry sent
    /// ``depth`` before it, which had the same file, must have its verdict by now.
    func alone(_ bytes: [UInt8], number: Int) throws(BodyFile.Failure) -> String {
        try write(bytes, name: "alone-\(number % Self.depth).json")
    }

    /// Writes the file (``ScreenFile``) of a batch's `group`th screening job; its path. The batch
    /// before it must have its screens' verdicts by now.
    func screen(_ bytes: [UInt8], group: Int) throws(BodyFile.Failure) -> String {
        try write(bytes, name: "screen-\(group).bodies")
    }

    private func write(_ bytes: [UInt8], name: String) throws(BodyFile.Failure) -> String {
        let path = folder.appendingPathComponent(name).path
        let first = told.insert(path).inserted
        if first { scratch(path) }
        try BodyFile.write(path, bytes: bytes, creates: first)
        return path
    }

    /// Removes the folder and its files: the files it wrote, then the folder, by their names (the
    /// `FileManager`'s walk of the folder took most of a millisecond at the end of a check); the walk
    /// when anything else is left in it.
    func remove() {
        for path in told { unlink(path) }
        if rmdir(folder.path) != 0 { try? FileManager.default.removeItem(at: folder) }
    }
}
