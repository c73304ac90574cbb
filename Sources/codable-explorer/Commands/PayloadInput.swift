import Foundation

/// Reads a payload from a path, or standard input for `-`.
enum PayloadInput {
    struct Unreadable: Error, CustomStringConvertible {
        var description: String
    }

    static func read(_ path: String) throws(Unreadable) -> [UInt8] {
        if path == "-" {
            return [UInt8](FileHandle.standardInput.readDataToEndOfFile())
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Unreadable(description: "\(path): no such file")
        }
        guard !isDirectory.boolValue else { throw Unreadable(description: "\(path): is a directory, not a payload file") }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path), options: .mappedIfSafe))
        } catch {
            throw Unreadable(description: "\(path): cannot be read (\(error.localizedDescription))")
        }
    }

    /// The name diagnostics use for the payload.
    static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : path }

    /// Prints a one-line reason on stderr.
    static func complain(_ text: String) {
        FileHandle.standardError.write(Data("codable-explorer: \(text)\n".utf8))
    }
}
