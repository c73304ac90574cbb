import DecodingEngine
import Foundation
import JSONTree
import ModelSchema

/// Compiled mode's "decodes, but" warnings about dates, read from the value the model's own code
/// decoded (the runner's), not from a schema: a hand-written `init(from:)` or the app's decoder
/// (`--decoder`, a `.custom` closure) decides which numbers become dates and how, and the value
/// says what came out.
///
/// Each `Date` of the value that lands outside 1971–2100 is tied back to the payload's number it
/// came from by the arithmetic of the numeric strategies (seconds since 1970, milliseconds since
/// 1970, seconds since 2001): the number whose reading gives exactly that date is the one sent,
/// and the reading that gives it names the strategy that was in effect, whatever code set it.
/// A date that no number of the payload gives (text, or arithmetic of the model's own) gets no
/// warning: the tool would not know where it came from.
public enum DecodedDateCheck {
    /// The numeric strategies, and how each reads a number, as Foundation computes it.
    static let readings: [(strategy: DecodeOptions.DateStrategy, seconds: @Sendable (Double) -> Double)] =
        DecodeOptions.DateStrategy.numberCases.map { strategy in
            (strategy, { strategy.date(fromNumber: $0)?.timeIntervalSince1970 ?? .nan })
        }

    /// The warnings for the value decoded at `root`: one per property, about its first date.
    public static func warnings(value: DecodedValue, tree: JSONTree, root: NodeID) -> [DecodeWarning] {
        // The implausible dates of the value, by property, in the order the value holds them.
        var properties: [String] = []
        var byMoment: [Int64: [(seconds: Double, property: String)]] = [:]
        collect(value, property: "value") { property, seconds in
            guard let year = PlausibilityCheck.year(ofSeconds: seconds), !PlausibilityCheck.plausibleYears.contains(year) else { return }
            if !properties.contains(property) { properties.append(property) }
            byMoment[Int64(seconds.rounded()), default: []].append((seconds, property))
        }
        guard !byMoment.isEmpty else { return [] }
        // The numbers of the payload whose reading gives one of those dates, in payload order.
        var found: [String: [(node: NodeID, value: Double, strategy: DecodeOptions.DateStrategy)]] = [:]
        for node in root..<tree.subtreeEnd(root) {
            guard tree.kind(node) == .number, let number = tree.number(node).flatMap({ try? $0.double.get() }) else { continue }
            for reading in readings {
                let seconds = reading.seconds(number)
                guard seconds.isFinite, abs(seconds) < 1e17,
                    let property = byMoment[Int64(seconds.rounded())]?.first(where: { same($0.seconds, seconds) })?.property
                else { continue }
                found[property, default: []].append((node, number, reading.strategy))
                break
            }
        }
        return properties.compactMap { property in
            guard let numbers = found[property], let first = numbers.first,
                let year = PlausibilityCheck.year(ofSeconds: readings.first { $0.strategy == first.strategy }?.seconds(first.value))
            else { return nil }
            let fits = readings.first { reading in
                reading.strategy != first.strategy
                    && numbers.allSatisfy {
                        PlausibilityCheck.year(ofSeconds: reading.seconds($0.value)).map(PlausibilityCheck.plausibleYears.contains) ?? false
                    }
            }
            return DecodeWarning(
                reason: .implausibleDate(
                    property: property, sent: ValueSummary.abbreviated(tree.rawText(first.node)), year: year,
                    strategy: Explainer.strategyName(first.strategy), fits: fits.map { Explainer.strategyName($0.strategy) }),
                node: first.node, path: NodePath(of: first.node, in: tree).description, location: tree.location(first.node),
                count: numbers.count)
        }
    }

    /// Two readings of the same moment, to the rounding of a `Double`.
    static func same(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-6 * max(1, abs(a))
    }

    /// Every `Date` of the value, with the name of the property (or key) that holds it, the
    /// innermost one for dates in arrays and dictionaries.
    static func collect(_ value: DecodedValue, property: String, _ visit: (String, Double) -> Void) {
        switch value {
        case .date(let date): visit(property, date.timeIntervalSince1970)
        case .array(let elements): for element in elements { collect(element, property: property, visit) }
        case .dictionary(let fields): for field in fields { collect(field.value, property: property, visit) }
        case .object(_, let fields), .enumCase(_, let fields): for field in fields { collect(field.value, property: field.name, visit) }
        case .rawValueCase(_, let raw): collect(raw, property: property, visit)
        default: break
        }
    }
}
