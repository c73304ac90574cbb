import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file operation's error in a user's words: the path it was about and the system's reason
/// (`/tmp/x/bin: Not a directory`), not Foundation's `Error Domain=NSCocoaErrorDomain Code=512 …`.
public enum FileErrorReason {
    public static func text(of error: any Error) -> String {
        let error = error as NSError
        let posix =
            [error, (error.userInfo[NSUnderlyingErrorKey] as? any Error).map { $0 as NSError }].compactMap { $0 }
            .first { $0.domain == NSPOSIXErrorDomain }
        let reason = posix.map { String(cString: strerror(Int32($0.code))) } ?? error.localizedDescription
        guard let path = error.userInfo[NSFilePathErrorKey] as? String else { return reason }
        return "\(path): \(reason)"
    }
}
