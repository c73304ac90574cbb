/// How a command ends when it does not succeed, thrown by what the commands run and turned into the
/// process's exit status where the command line is parsed (`check`'s contract: 1 the payload does
/// not decode, 2 the command could not run). What made it is already said on standard error.
public struct ExitStatus: Error, Equatable, Sendable {
    public var code: Int32

    public init(_ code: Int32) { self.code = code }

    /// The payload is not what the model or JSONDecoder accepts.
    public static let failure = ExitStatus(1)
    /// The command could not run (a missing file, a model that does not compile, a bad flag).
    public static let cannotRun = ExitStatus(2)
}

extension CommandFailure {
    /// `body`'s value; a failure is said on standard error and ends the command (status 2).
    public static func orExit<T>(_ body: () throws(CommandFailure) -> T) throws(ExitStatus) -> T {
        do { return try body() } catch {
            PayloadInput.complain(error)
            throw .cannotRun
        }
    }
}
