import Foundation

/// Notices when the payload or a model file changes on disk, by polling: a stat per file
/// every half second costs nothing and works on every file system and editor (editors that
/// save by rename defeat inotify watches on the old inode).
public final class FileWatcher: @unchecked Sendable {
    public struct Changes: Hashable, Sendable {
        public var payload: Bool
        public var models: Bool
    }

    private let payloadPath: String?
    private let modelPaths: [String]
    private var payloadStamp: [String: Stamp]
    private var modelStamps: [String: Stamp]
    private var lastPoll = Date.distantPast
    private let interval: TimeInterval

    struct Stamp: Hashable {
        var modified: ModificationTime
        var size: Int64
        var inode: UInt64
    }

    struct ModificationTime: Hashable {
        var seconds: Int
        var nanoseconds: Int
    }

    /// `payloadPath` nil: standard input, nothing to watch.
    public init(payloadPath: String?, modelPaths: [String], interval: TimeInterval = 0.5) {
        self.payloadPath = payloadPath
        self.modelPaths = modelPaths
        self.interval = interval
        payloadStamp = Self.stamps(payloadPath.map { [$0] } ?? [])
        modelStamps = Self.stamps(Self.modelFiles(modelPaths))
    }

    /// What changed since the last call (at most one look per interval).
    public func poll(now: Date = Date()) -> Changes? {
        guard now.timeIntervalSince(lastPoll) >= interval else { return nil }
        lastPoll = now
        let payload = Self.stamps(payloadPath.map { [$0] } ?? [])
        let models = Self.stamps(Self.modelFiles(modelPaths))
        let changes = Changes(payload: payload != payloadStamp, models: models != modelStamps)
        payloadStamp = payload
        modelStamps = models
        return changes.payload || changes.models ? changes : nil
    }

    /// The Swift files a model path names: the file itself, or those in the folder.
    static func modelFiles(_ paths: [String]) -> [String] {
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { files.append(path); continue }
            if isDirectory.boolValue, let names = FileManager.default.enumerator(atPath: path) {
                for case let name as String in names where name.hasSuffix(".swift") { files.append(path + "/" + name) }
            } else {
                files.append(path)
            }
        }
        return files.sorted()
    }

    private static func stamps(_ files: [String]) -> [String: Stamp] {
        var result: [String: Stamp] = [:]
        for file in files {
            var info = stat()
            guard stat(file, &info) == 0 else { continue }
            #if canImport(Darwin)
            let modified = info.st_mtimespec  // Darwin's name for Linux's st_mtim
            #else
            let modified = info.st_mtim
            #endif
            result[file] = Stamp(
                modified: ModificationTime(seconds: modified.tv_sec, nanoseconds: modified.tv_nsec),
                size: Int64(info.st_size), inode: UInt64(info.st_ino))
        }
        return result
    }
}
