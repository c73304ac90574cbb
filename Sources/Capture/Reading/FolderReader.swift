import Foundation
import JSONTree

/// A folder of recorded responses as a capture: each `.json` file under it (hidden ones left
/// out), in the order of their paths, is an entry whose URL is its path in the folder
/// (`User/42.json`), so that routes (`* /User/** User`) say which type decodes which file.
enum FolderReader {
    static func open(_ folder: String) throws(CaptureError) -> Capture {
        let root = URL(fileURLWithPath: folder)
        guard
            let walker = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else {
            throw CaptureError(
                file: folder, location: .init(line: 1, column: 1, offset: 0), reason: .unreadable("the folder cannot be listed"))
        }
        var files: [String] = []
        let prefix = root.standardizedFileURL.path + "/"
        for case let url as URL in walker where url.pathExtension.lowercased() == "json" {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let path = url.standardizedFileURL.path
            files.append(path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path)
        }
        return Capture(format: .folder, creator: nil, layout: .files(folder, files.sorted()))
    }

    static func entry(_ relative: String, index: Int, in folder: String) -> CaptureEntry {
        let path = URL(fileURLWithPath: folder).appendingPathComponent(relative).path
        var entry = CaptureEntry(index: index, line: 1, url: relative, body: .notRecorded)
        guard let data = FileManager.default.contents(atPath: path) else {
            entry.body = .unreadable("the file cannot be read")
            return entry
        }
        entry.body = data.isEmpty ? .empty : .bytes([UInt8](data))
        return entry
    }
}

extension Capture {
    /// Opens a folder of recorded responses (``FolderReader``).
    public static func openFolder(_ path: String) throws(CaptureError) -> Capture { try FolderReader.open(path) }
}
