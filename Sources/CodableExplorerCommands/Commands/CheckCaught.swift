import ArgumentParser
import CommandRuns

extension StrictRule: ExpressibleByArgument {}

/// `--strict`'s optional word on the command line.
enum CheckCaught {
    /// The command line with `--strict` spelled as the parser reads it: a bare `--strict` is
    /// `--strict=caught`, and `--strict keys` (or `caught`) is `--strict=keys`.
    static func spelled(_ arguments: [String]) -> [String] {
        guard arguments.first == "check" else { return arguments }
        var out: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            guard word == "--strict" else {
                out.append(word)
                continue
            }
            if index < arguments.endIndex, let rule = StrictRule(rawValue: arguments[index]) {
                out.append("--strict=\(rule.rawValue)")
                index += 1
            } else {
                out.append("--strict=caught")
            }
        }
        return out
    }
}
