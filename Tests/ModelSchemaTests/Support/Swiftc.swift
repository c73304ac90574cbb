import Foundation

/// Runs the real compiler on model files in a fresh temporary folder.
enum Swiftc {
    static let path = "/opt/swift/usr/bin/swiftc"

    /// Writes the files (each prefixed with `import Foundation`) and returns their paths.
    static func write(_ files: [String: String]) throws -> (folder: URL, paths: [String]) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("schema-" + UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var paths: [String] = []
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            let url = folder.appendingPathComponent(name)
            try ("import Foundation\n" + text).write(to: url, atomically: true, encoding: .utf8)
            paths.append(url.path)
        }
        return (folder, paths)
    }

    /// Runs swiftc with the arguments and returns its exit status and combined output.
    static func run(_ arguments: [String], in folder: URL) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
