import Foundation

/// The facts printed above the table, so a figure can be read against its machine.
struct MachineFacts {
    var processorCount: Int
    var processorModel: String
    var memoryGiB: Double
    var kernel: String
    var swiftVersion: String
    var buildConfiguration: String
    /// The machine may be shared: other work running during the benchmark shows up here.
    var loadAverage: String

    static func current() -> MachineFacts {
        MachineFacts(
            processorCount: ProcessInfo.processInfo.activeProcessorCount,
            processorModel: processorModel(),
            memoryGiB: Double(ProcessInfo.processInfo.physicalMemory) / Double(1 << 30),
            kernel: kernel(),
            swiftVersion: swiftVersion(),
            buildConfiguration: {
                #if DEBUG
                "debug (figures are meaningless: use -c release)"
                #else
                "release"
                #endif
            }(),
            loadAverage: (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))
                .map { $0.split(separator: " ").prefix(3).joined(separator: " ") } ?? "unknown"
        )
    }

    var rendered: String {
        """
        machine: nproc \(processorCount), \(processorModel), \(String(format: "%.1f", memoryGiB)) GiB RAM, \(kernel)
        swift:   \(swiftVersion)
        build:   \(buildConfiguration)
        load:    \(loadAverage) (1, 5, 15 min, at start)
        """
    }

    private static func processorModel() -> String {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
            let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
            let colon = line.firstIndex(of: ":")
        else { return "unknown CPU" }
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }

    private static func kernel() -> String {
        var names = utsname()
        uname(&names)
        func text<T>(_ field: T) -> String {
            withUnsafeBytes(of: field) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        }
        return "\(text(names.sysname)) \(text(names.release))"
    }

    /// The first line of `swift --version`, or a note when no toolchain is on the PATH.
    private static func swiftVersion() -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "--version"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "unknown (no swift on PATH)" }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let first = String(decoding: data, as: UTF8.self).split(separator: "\n").first
        return first.map(String.init) ?? "unknown (no swift on PATH)"
    }
}
