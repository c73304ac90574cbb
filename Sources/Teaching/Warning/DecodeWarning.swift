import JSONTree

/// A value that decoded but is almost surely not what the app meant. Warnings never change the
/// verdict: Foundation decoded the payload, and the app would see these values.
///
/// Found by ``PlausibilityCheck``; one warning per property, about its first value, with how
/// many values share it. Turned into words only in ``text``.
public struct DecodeWarning: Sendable, Hashable, Codable {
    public enum Reason: Sendable, Hashable, Codable {
        /// Numbers read as `Date` land far outside 1971–2100: a millisecond epoch read as seconds
        /// lands in the year 50103. `strategy` is the decoder's (`.deferredToDate`); `fits` names
        /// the strategy that puts every such number in those years, if one does.
        case implausibleDate(property: String, sent: String, year: Int, strategy: String, fits: String?)
        /// An optional property that is nil in every object, although the objects send a key of a
        /// near spelling (`base_url` for `baseURL`).
        case alwaysNil(property: String, owner: String, key: String, sentAs: String)
    }

    public var reason: Reason
    /// The first value (or object) the warning is about.
    public var node: NodeID
    /// The node's path from the document root, as `check --path` takes it.
    public var path: String
    public var location: SourceLocation
    /// How many values (or objects) the same warning is true of.
    public var count: Int

    public init(reason: Reason, node: NodeID, path: String, location: SourceLocation, count: Int) {
        self.reason = reason
        self.node = node
        self.path = path
        self.location = location
        self.count = count
    }

    /// `implausibleDate`, `alwaysNil`: as `check --format json` writes it.
    public var kind: String {
        switch reason {
        case .implausibleDate: "implausibleDate"
        case .alwaysNil: "alwaysNil"
        }
    }

    /// `` `createdAt` 1709632800000 decodes with .deferredToDate as a date in the year 55,871; .millisecondsSince1970 reads it as 2024 ``.
    public var text: String {
        let others = count > 1 ? " (and \(FixCost.grouped(count - 1)) more like it)" : ""
        switch reason {
        case .implausibleDate(let property, let sent, let year, let strategy, let fits):
            let fix = fits.map { "; \($0) would fit" } ?? ""
            return "`\(property)` \(sent) decodes with \(strategy) as a date in the year \(FixCost.grouped(year))\(others)\(fix)"
        case .alwaysNil(let property, let owner, let key, let sentAs):
            return
                "`\(property)` of \(owner) is always nil: the payload never sends \(ValueSummary.quoted(key)), but sends \(ValueSummary.quoted(sentAs))\(count > 1 ? " in \(FixCost.grouped(count)) objects" : "")"
        }
    }
}
