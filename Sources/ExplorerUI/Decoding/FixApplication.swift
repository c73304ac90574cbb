import Teaching

/// Writes a fix for the run loop (a side effect: files change on disk).
enum FixApplication {
    static func write(_ fix: Fix) -> Action {
        do {
            let written = try FixWriter.write(fix)
            let files = written.map { "\($0.path) (backup \($0.backup))" }.joined(separator: ", ")
            return .fixWritten(message: "wrote \(files)", failed: false, setting: fix.decoderSetting)
        } catch {
            return .fixWritten(message: "not written: \(error)", failed: true, setting: nil)
        }
    }
}
