import DecodingEngine
import JSONTree
import ModelSchema

/// Finds the values of a decode that are almost surely not what the app meant
/// (``DecodeWarning``): numbers read as dates that land far outside 1971–2100, and optional
/// properties that are always nil while the objects send a key of a near spelling.
///
/// It reads what the all-errors decode read at each node (the engine's ``NodeTypes``), never
/// the decoded value, so it costs one pass over the node table, and it is the same for a
/// decode that failed: the values that did decode are what the app would see after a fix.
struct PlausibilityCheck {
    let context: TeachingContext
    let typed: NodeTypes

    /// The years a date of an app's payload plausibly falls in.
    static let plausibleYears = 1971...2100

    var tree: JSONTree { context.tree }

    func warnings() -> [DecodeWarning] {
        let (counts, first) = typed.census()
        return dateWarnings(counts: counts) + alwaysNilWarnings(counts: counts, first: first)
    }

    // MARK: Dates

    private func dateWarnings(counts: [Int]) -> [DecodeWarning] {
        let strategy = context.options.dates
        guard Self.secondsSince1970(0, strategy) != nil,
            typed.distinct.indices.contains(where: { typed.distinct[$0].type == .scalar(.date) && counts[$0] > 0 })
        else { return [] }
        var byProperty: [(name: String, nodes: [NodeID])] = []
        for node in typed.nodes(ofType: .scalar(.date)) where tree.kind(node) == .number {
            let name = typed[node]?.property?.name ?? "value"
            if let i = byProperty.firstIndex(where: { $0.name == name }) {
                byProperty[i].nodes.append(node)
            } else {
                byProperty.append((name, [node]))
            }
        }
        return byProperty.compactMap { name, nodes in
            let values = nodes.map { node in (node, tree.number(node).flatMap { try? $0.double.get() }) }
            let implausible = values.filter { _, value in
                value.flatMap { Self.year(ofSeconds: Self.secondsSince1970($0, strategy)) }.map { !Self.plausibleYears.contains($0) }
                    ?? false
            }
            guard let (node, value) = implausible.first, let value, let seconds = Self.secondsSince1970(value, strategy),
                let year = Self.year(ofSeconds: seconds)
            else { return nil }
            let fits = DecodeOptions.DateStrategy.numberCases.first { other in
                other != strategy
                    && values.allSatisfy { _, v in
                        v.flatMap { Self.year(ofSeconds: Self.secondsSince1970($0, other)) }.map(Self.plausibleYears.contains) ?? true
                    }
            }
            return DecodeWarning(
                reason: .implausibleDate(
                    property: name, sent: ValueSummary.abbreviated(tree.rawText(node)), year: year,
                    strategy: Explainer.strategyName(strategy),
                    fits: fits.map(Explainer.strategyName)),
                node: node, path: NodePath(of: node, in: tree).description, location: tree.location(node), count: implausible.count)
        }
    }

    /// The number as seconds since 1970 under a numeric strategy; nil for a strategy that reads text.
    static func secondsSince1970(_ value: Double, _ strategy: DecodeOptions.DateStrategy) -> Double? {
        strategy.date(fromNumber: value)?.timeIntervalSince1970
    }

    /// The year, in the Gregorian calendar, of a moment so many seconds after 1970 (to within a
    /// day at a year's edges, which does not move a date across 1971 or 2100 by more than a day).
    static func year(ofSeconds seconds: Double?) -> Int? {
        guard let seconds, seconds.isFinite, abs(seconds) < 1e17 else { return nil }
        return 1970 + Int((seconds / 31_556_952).rounded(.down))
    }

    // MARK: Always nil

    private func alwaysNilWarnings(counts: [Int], first: [NodeID]) -> [DecodeWarning] {
        var withValues = Set<PropertySchema>()
        var ownerTypes: [TypeRef] = []
        for (i, entry) in typed.distinct.enumerated() where counts[i] > 0 {
            if entry.isPropertyValue, let property = entry.property { withValues.insert(property) }
            if case .named = entry.type, tree.kind(first[i]) == .object, !ownerTypes.contains(entry.type) { ownerTypes.append(entry.type) }
        }
        var result: [DecodeWarning] = []
        for owner in ownerTypes {
            guard case .keyed(let properties)? = context.schema.typeSchema(for: owner)?.decoding else { continue }
            let silent = properties.filter { $0.usesDecodeIfPresent && !withValues.contains($0) && $0.codingKey != nil }
            guard !silent.isEmpty else { continue }
            let objects = typed.nodes(ofType: owner).filter { tree.kind($0) == .object }
            // The keys of all these objects, once: near spellings are looked for among them, not
            // object by object (200,000 records would each measure edit distances again).
            var keys: [String] = []
            var seen = Set<String>()
            for object in objects {
                for member in tree.children(object) {
                    if let key = tree.key(member), seen.insert(key).inserted { keys.append(key) }
                }
            }
            let taken = Set(properties.compactMap { $0.codingKey?.stringValue })
            for property in silent {
                guard let key = property.codingKey?.stringValue,
                    let miss = NearMissKeys.find(key, among: keys, taken: taken.subtracting([key]), strategy: context.options.keys).first
                else { continue }
                let sending = objects.filter { object in tree.children(object).contains { tree.key($0) == miss.raw } }
                guard let first = sending.first else { continue }
                result.append(
                    DecodeWarning(
                        reason: .alwaysNil(property: property.name, owner: owner.description, key: key, sentAs: miss.raw),
                        node: first, path: NodePath(of: first, in: tree).description, location: tree.location(first),
                        count: sending.count))
            }
        }
        return result
    }
}
