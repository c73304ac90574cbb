import JSONTree

/// What the numbers at one position have in common, judged from their source text.
///
/// The text decides, not the value: `40.00` is written as a fraction, so the position is
/// `Double` even though every value is whole; `12345678901234567890` is an integer that no
/// `Int` holds.
struct NumberSamples {
    var count = 0
    /// Every number is written without a fraction or exponent.
    var allIntegerLiterals = true
    /// Some integer literal lies outside `Int` (64-bit).
    var anyIntegerBeyondInt = false
    /// Some integer literal is larger in magnitude than 2^53, where `Double` stops being exact.
    var anyIntegerBeyondExactDouble = false
    /// `JSONDecoder` decodes every number as `Double`.
    var allDecodeAsDouble = true
    /// `JSONDecoder` decodes every number as `Decimal`.
    var allDecodeAsDecimal = true
    /// The smallest and largest integer literal (that `Int64` holds), for telling epoch times.
    var integerRange: ClosedRange<Int64>?

    mutating func add(_ text: String) {
        count += 1
        let number = JSONNumber(text)
        if number.isWrittenAsInteger {
            switch number.integer(as: Int64.self) {
            case .success(let value):
                if value.magnitude > 1 << 53 { anyIntegerBeyondExactDouble = true }
                integerRange = integerRange.map { min($0.lowerBound, value)...max($0.upperBound, value) } ?? value...value
            case .failure:
                anyIntegerBeyondInt = true
                anyIntegerBeyondExactDouble = true
            }
        } else {
            allIntegerLiterals = false
        }
        if allDecodeAsDouble && !FoundationNumbers.decodesAsDouble(text) { allDecodeAsDouble = false }
        if allDecodeAsDecimal && !FoundationNumbers.decodesAsDecimal(text) { allDecodeAsDecimal = false }
    }

    mutating func merge(_ other: NumberSamples) {
        count += other.count
        allIntegerLiterals = allIntegerLiterals && other.allIntegerLiterals
        anyIntegerBeyondInt = anyIntegerBeyondInt || other.anyIntegerBeyondInt
        anyIntegerBeyondExactDouble = anyIntegerBeyondExactDouble || other.anyIntegerBeyondExactDouble
        allDecodeAsDouble = allDecodeAsDouble && other.allDecodeAsDouble
        allDecodeAsDecimal = allDecodeAsDecimal && other.allDecodeAsDecimal
        if let theirs = other.integerRange {
            integerRange = integerRange.map { min($0.lowerBound, theirs.lowerBound)...max($0.upperBound, theirs.upperBound) } ?? theirs
        }
    }

    /// The Swift number types that decode every sample here, best first.
    var choice: NumberChoice {
        if allIntegerLiterals && !anyIntegerBeyondInt { return .int }
        // Whole numbers past 2^53 lose digits in a Double; Decimal keeps 38 of them.
        if anyIntegerBeyondExactDouble && allDecodeAsDecimal { return .decimal }
        if allDecodeAsDouble { return .double }
        if allDecodeAsDecimal { return .decimal }
        return .anyNumber
    }
}

/// The Swift type for the numbers at a position.
enum NumberChoice: Hashable, Sendable {
    case int, double, decimal
    /// No single type decodes them all (`0e1` fails as Double, `1e-300` as Decimal): an enum
    /// that tries Int, Double and Decimal in turn.
    case anyNumber
}
