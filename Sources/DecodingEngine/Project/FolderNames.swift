import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Names in a folder, read entry by entry (`readdir`): only those wanted become strings. The
/// folders above a model (a shared `/tmp` of thousands of names, a home folder) are searched for a
/// project on every check, before its first job.
enum FolderNames {
    /// The names in `folder` that end with `suffix` (ASCII), in no order; none when it cannot be read.
    static func ending(with suffix: String, in folder: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        let wanted = Array(suffix.utf8)
        var found: [String] = []
        while let entry = readdir(directory) {
            withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                guard let base = raw.baseAddress else { return }
                let length = strnlen(base.assumingMemoryBound(to: CChar.self), raw.count)
                guard length >= wanted.count,
                    memcmp(base + (length - wanted.count), wanted, wanted.count) == 0
                else { return }
                found.append(String(decoding: UnsafeRawBufferPointer(start: base, count: length), as: UTF8.self))
            }
        }
        return found
    }
}
