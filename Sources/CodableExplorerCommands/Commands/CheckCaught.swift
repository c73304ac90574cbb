import ArgumentParser
import DecodingEngine
import Foundation
import JSONTree

/// `--strict`: whether `check` fails a decode that succeeded because the model's own code caught an
/// error, or keys were sent and never read (what is shown of them: ``CheckText`` and ``CheckJSON``).
enum CheckCaught {
    /// What `--strict` fails on.
    enum Rule: String, ExpressibleByArgument, CaseIterable {
        /// Any error the model's code caught.
        case caught
        /// Any key the payload sends that the model never reads.
        case keys
    }

    /// Why `--strict` fails a decode that succeeded, as a line for standard error; nil when it does not.
    static func strictFailure(_ report: DecodeReport, rules: [Rule]) -> String? {
        let unreadKeys = report.unreadKeys.count
        var reasons: [String] = []
        // A probe whose value the code then read another way lost nothing: only losses fail.
        let lost = report.caught.count { $0.losesData }
        if rules.contains(.caught), lost > 0 {
            reasons.append("\(lost) error\(lost == 1 ? " was" : "s were") caught by your code, the value lost")
        }
        if rules.contains(.keys), unreadKeys > 0 {
            reasons.append("\(unreadKeys) key\(unreadKeys == 1 ? " is" : "s are") sent but never read")
        }
        return reasons.isEmpty ? nil : "--strict: " + reasons.joined(separator: "; ")
    }

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
            if index < arguments.endIndex, let rule = Rule(rawValue: arguments[index]) {
                out.append("--strict=\(rule.rawValue)")
                index += 1
            } else {
                out.append("--strict=caught")
            }
        }
        return out
    }
}
