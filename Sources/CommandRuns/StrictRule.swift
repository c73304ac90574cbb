import DecodingEngine
import Foundation
import JSONTree

/// What `--strict` fails a decode that succeeded on: the model's own code caught an error, or
/// keys were sent and never read (what is shown of them: ``CheckText`` and ``CheckJSON``).
public enum StrictRule: String, CaseIterable, Sendable {
    /// Any error the model's code caught.
    case caught
    /// Any key the payload sends that the model never reads.
    case keys

    /// Why `--strict` fails a decode that succeeded, as a line for standard error; nil when it does not.
    public static func failure(_ report: DecodeReport, rules: [StrictRule]) -> String? {
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
}
