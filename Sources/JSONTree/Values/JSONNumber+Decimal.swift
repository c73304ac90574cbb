import Foundation

extension JSONNumber {
    /// The number as a Foundation `Decimal`, parsed from its text (no Double in between).
    public var decimal: Result<Decimal, ConversionError> {
        guard DecimalParts(text) != nil else { return .failure(.notANumber) }
        guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")), !value.isNaN else {
            return .failure(.overflow)
        }
        return .success(value)
    }
}
