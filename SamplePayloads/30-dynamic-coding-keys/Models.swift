import Foundation

/// A key made at run time from whatever the object sends: the currency codes are the keys.
struct CurrencyCode: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Exchange rates sent as an object whose keys are not known in advance
/// (`{"EUR": 0.92, "GBP": 0.79, …}`): the hand-written `init(from:)` walks `allKeys`.
struct ExchangeRates: Decodable {
    let base: String
    let rates: [String: Double]

    enum CodingKeys: String, CodingKey { case base, rates }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        base = try container.decode(String.self, forKey: .base)
        let byCode = try container.nestedContainer(keyedBy: CurrencyCode.self, forKey: .rates)
        var rates: [String: Double] = [:]
        // allKeys comes in no fixed order: sorted, the same payload always fails at the same key.
        for code in byCode.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            rates[code.stringValue] = try byCode.decode(Double.self, forKey: code)
        }
        self.rates = rates
    }
}
