/// How the engine benchmark breaks every record of a payload, so that each one fails to
/// decode exactly once (all-errors mode then has one error per record to report).
enum PayloadFault: String, CaseIterable {
    case none
    /// The record's `number` is left out: `keyNotFound` on `data[i]`.
    case missingKey = "missing-key"
    /// The charge's `amount` is a string (`"1099"`), as some APIs send money:
    /// `typeMismatch` at `data[i].charge.amount`.
    case wrongKind = "wrong-kind"
    /// `number` left out of one record in a hundred (the 1st, 101st, ...): the end-to-end
    /// benchmark's all-errors payload.
    case missingKeyInOnePercent = "missing-key-1pct"

    /// How the report names a payload with this fault.
    var payloadTitle: String {
        switch self {
        case .none: "valid"
        case .missingKey: "\"number\" missing in every record"
        case .wrongKind: "charge.amount a string in every record"
        case .missingKeyInOnePercent: "\"number\" missing in one record in a hundred"
        }
    }
}
