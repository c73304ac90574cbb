/// What compiled mode is about to compile, said before swiftc starts (the runner was not cached):
/// the explorer's status line and `check` on a terminal say it while the user waits.
public struct CompileStart: Sendable, Hashable, Codable {
    /// How many model files swiftc compiles.
    public var files: Int
    /// The runner library is built first: once per toolchain, the longest compile a user meets.
    public var buildsRunnerLibrary: Bool

    public init(files: Int, buildsRunnerLibrary: Bool = false) {
        self.files = files
        self.buildsRunnerLibrary = buildsRunnerLibrary
    }

    /// `compiling 20 model files with swiftc`, or `compiling the runner library once, then 20 model files`.
    public var text: String {
        let models = "\(files) model file\(files == 1 ? "" : "s")"
        return buildsRunnerLibrary ? "compiling the runner library once, then \(models)" : "compiling \(models) with swiftc"
    }
}
