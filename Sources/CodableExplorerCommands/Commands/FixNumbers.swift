import ArgumentParser

/// `--apply 2,4,6`: the fixes to write, as numbered in the listing, each once, in order.
struct FixNumbers: ExpressibleByArgument {
    var numbers: [Int]

    init?(argument: String) {
        var numbers: [Int] = []
        for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
            guard let n = Int(part.trimmingCharacters(in: .whitespaces)), n > 0 else { return nil }
            if !numbers.contains(n) { numbers.append(n) }
        }
        guard !numbers.isEmpty else { return nil }
        self.numbers = numbers
    }
}
