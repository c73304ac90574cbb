import Foundation
import TestSupport

/// Foundation's verdicts asked in a child process, because Foundation's JSON5 reader traps
/// (precondition failures) on some inputs and would take the test run down with it.
///
/// The child is compiled once with `swiftc`; it reads one hex-encoded payload per line and
/// answers `structure full` (1 or 0) per line. When it dies on a case, that case is
/// recorded as a crash and a new child goes on with the next one.
enum OracleProcess {
    enum Verdict: Equatable { case answered(structure: Bool, full: Bool), crashed }

    static let source = """
        import Foundation
        struct ReadsNothing: Decodable {}
        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        struct ReadsEverything: Decodable {
            init(from decoder: Decoder) throws {
                if let object = try? decoder.container(keyedBy: AnyKey.self) {
                    for key in object.allKeys { _ = try object.decode(ReadsEverything.self, forKey: key) }
                    return
                }
                if var array = try? decoder.unkeyedContainer() {
                    while !array.isAtEnd { _ = try array.decode(ReadsEverything.self) }
                    return
                }
                let value = try decoder.singleValueContainer()
                if value.decodeNil() || (try? value.decode(Bool.self)) != nil || (try? value.decode(String.self)) != nil { return }
                if (try? value.decode(Double.self)) != nil || (try? value.decode(Int64.self)) != nil { return }
                _ = try value.decode(Decimal.self)
            }
        }
        let json5 = CommandLine.arguments.contains("--json5")
        setvbuf(stdout, nil, _IOLBF, 0)
        while let line = readLine() {
            var bytes: [UInt8] = []
            var it = line.utf8.makeIterator()
            while let a = it.next(), let b = it.next() { bytes.append(UInt8(String(decoding: [a, b], as: UTF8.self), radix: 16)!) }
            let decoder = JSONDecoder()
            decoder.allowsJSON5 = json5
            let s = (try? decoder.decode(ReadsNothing.self, from: Data(bytes))) != nil
            let f = (try? decoder.decode(ReadsEverything.self, from: Data(bytes))) != nil
            print(s ? 1 : 0, f ? 1 : 0)
        }
        """

    /// Built once per test run (a static `let` is initialised once, even with parallel tests).
    static let compiled: Result<URL, any Error> = Result { try build() }

    static func executable() throws -> URL { try compiled.get() }

    /// The folder the child is built in: this run's own, removed when the run ends.
    nonisolated(unsafe) private static var folder: String?

    /// Built in a private folder of this run's own (`mkdtemp`: 0700, a name nobody can guess), removed
    /// at exit. It was a folder named after the source's `hashValue`, which Swift seeds anew in each
    /// process: never found again, one more folder in /tmp for each test run.
    private static func build() throws -> URL {
        var template = Array((FileManager.default.temporaryDirectory.path + "/codable-explorer-oracle.XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        let dir = URL(fileURLWithPath: String(cString: made), isDirectory: true)
        folder = dir.path
        atexit { if let folder = OracleProcess.folder { try? FileManager.default.removeItem(atPath: folder) } }
        let temporary = try SwiftProgram.build(["main.swift": source], flags: ["-O"], in: dir, name: "oracle-\(UUID().uuidString)")
        let binary = dir.appendingPathComponent("oracle")
        _ = rename(temporary.path, binary.path)
        return binary
    }

    static func verdicts(_ cases: [[UInt8]], json5: Bool) throws -> [Verdict] {
        let binary = try executable()
        var results: [Verdict] = []
        while results.count < cases.count {
            let pending = cases[results.count...]
            let input = pending.map { $0.map { String(format: "%02x", $0) }.joined() }.joined(separator: "\n") + "\n"
            let inputFile = FileManager.default.temporaryDirectory.appendingPathComponent("oracle-input-\(UUID().uuidString)")
            try input.write(to: inputFile, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: inputFile) }
            let child = Process()
            child.executableURL = binary
            child.arguments = json5 ? ["--json5"] : []
            child.standardInput = try FileHandle(forReadingFrom: inputFile)
            let out = Pipe()
            child.standardOutput = out
            child.standardError = FileHandle.nullDevice
            try child.run()
            let data = out.fileHandleForReading.readDataToEndOfFile()
            child.waitUntilExit()
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
            for line in lines.prefix(pending.count) {
                results.append(.answered(structure: line.hasPrefix("1"), full: line.hasSuffix("1")))
            }
            if results.count < cases.count && lines.count < pending.count {
                results.append(.crashed)
            }
        }
        return results
    }
}
