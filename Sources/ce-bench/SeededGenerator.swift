/// SplitMix64: a tiny random source that gives the same sequence for a seed on every
/// platform and toolchain, so two runs of the benchmark scan the same bytes.
///
/// The helpers below do their own range reduction instead of `Int.random(in:using:)`,
/// whose algorithm the standard library is free to change between releases.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<n` (the modulo bias is irrelevant for a payload).
    mutating func below(_ n: Int) -> Int {
        Int(next() % UInt64(n))
    }

    /// A value in `range`.
    mutating func inRange(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.upperBound - range.lowerBound + 1)
    }

    /// True with the given probability in percent.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }

    mutating func pick<T>(_ choices: [T]) -> T {
        choices[below(choices.count)]
    }
}
