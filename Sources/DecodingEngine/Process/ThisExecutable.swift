import Foundation

#if canImport(Darwin)
import Darwin
#endif

/// The running program's file, links resolved: what starts the worker child, and where its runner
/// library seed and shipped shelf are looked for. Asked of the system (`/proc/self/exe` on Linux,
/// dyld on macOS), not of `Bundle.main`: the main bundle lists the executable's whole folder when
/// it is first made (in `/usr/local/bin` or Homebrew's `bin`, hundreds of names), and every worker
/// would pay that before its first decode.
public enum ThisExecutable {
    public static var url: URL {
        #if os(Linux)
        return URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        #elseif canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        if _NSGetExecutablePath(&buffer, &size) == 0 {
            return URL(fileURLWithPath: String(cString: buffer)).resolvingSymlinksInPath()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        #else
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        #endif
    }
}
