/// What a child process measures: a ``Contestant`` of the scanner benchmark or an
/// ``EngineContestant`` of the engine benchmark.
protocol MeasuredContestant {
    /// Its name on the command line: `ce-bench measure <rawValue> FILE`.
    var rawValue: String { get }
    var title: String { get }
    /// Does what has to be ready before the clock starts (the engine builds its schema from
    /// the model source here) and returns the timed work on the payload's bytes.
    func prepare() throws -> ([UInt8]) throws -> Contestant.Outcome
}
