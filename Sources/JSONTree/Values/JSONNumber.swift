#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON number exactly as written, with exact conversions on demand.
///
/// Integers are converted from the digits themselves (never through Double), so
/// `12345678901234567891` is known to overflow Int64 and `1.5` to have a fraction.
public struct JSONNumber: Hashable, Sendable, CustomStringConvertible {
    /// The number's source text, unchanged.
    public let text: String

    public init(_ text: String) { self.text = text }

    public var description: String { text }

    /// Why a number does not convert to a type.
    public enum ConversionError: Error, Hashable, Sendable {
        /// The value has a fractional part (`1.5` into `Int`).
        case fraction
        /// The value lies outside the type's range (`300` into `UInt8`, `1e400` into `Double`).
        case overflow
        /// The text is not a number in JSON's (or JSON5's decimal) grammar.
        case notANumber
    }

    /// The number as an integer of type `T`, exactly, or why not. Made for `Int` ahead of its callers
    /// (a capture's reader reads every entry's status and size so): unspecialized, its generic
    /// results are looked up at run time, call after call.
    @specialized(where T == Int)
    public func integer<T: FixedWidthInteger>(as type: T.Type = T.self) -> Result<T, ConversionError> {
        if let plain = plainInteger(as: type) { return plain }
        guard let parts = DecimalParts(text) else { return .failure(.notANumber) }
        // Digits scaled by 10^exponent must be a whole number.
        var digits = parts.digits
        var exponent = parts.exponent
        while exponent < 0 {
            guard let last = digits.last else { break }
            guard last == 0 else { return .failure(.fraction) }
            digits.removeLast()
            exponent += 1
        }
        if digits.isEmpty || digits.allSatisfy({ $0 == 0 }) { return .success(0) }
        if parts.negative && !T.isSigned { return .failure(.overflow) }
        guard exponent < 64 else { return .failure(.overflow) }
        digits += [UInt8](repeating: 0, count: max(0, exponent))
        var value: T = 0
        for d in digits {
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = parts.negative ? m.subtractingReportingOverflow(T(d)) : m.addingReportingOverflow(T(d))
            if o1 || o2 { return .failure(.overflow) }
            value = s
        }
        return .success(value)
    }

    /// The number when it is written as plain digits, at most 18 of them, after an optional minus and
    /// with no leading zero (a status, a size, an id: most numbers): read as they are, without taking
    /// them apart. Nil for anything else, which ``integer(as:)`` converts the long way.
    private func plainInteger<T: FixedWidthInteger>(as type: T.Type) -> Result<T, ConversionError>? {
        var text = text
        return text.withUTF8 { bytes -> Result<T, ConversionError>? in
            let negative = bytes.first == UInt8(ascii: "-")
            let start = negative ? 1 : 0
            let count = bytes.count - start
            guard count > 0, count <= 18, bytes[start] != UInt8(ascii: "0") || count == 1 else { return nil }
            var value: Int64 = 0
            for byte in bytes[start...] {
                let digit = byte &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int64(digit)
            }
            guard let exact = T(exactly: negative ? -value : value) else { return .failure(.overflow) }
            return .success(exact)
        }
    }

    /// The number as the nearest Double (correctly rounded); overflow to infinity is an error.
    public var double: Result<Double, ConversionError> {
        guard DecimalParts(text) != nil else { return .failure(.notANumber) }
        let v = text.withCString { strtod($0, nil) }
        return v.isFinite ? .success(v) : .failure(.overflow)
    }

    /// The number as the nearest Float; overflow to infinity is an error.
    public var float: Result<Float, ConversionError> {
        guard DecimalParts(text) != nil else { return .failure(.notANumber) }
        let v = text.withCString { strtof($0, nil) }
        return v.isFinite ? .success(v) : .failure(.overflow)
    }

    /// Whether the text has a fraction or exponent part (`40.00` is written as a fraction).
    public var isWrittenAsInteger: Bool {
        !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
    }
}

/// A decimal number taken apart: sign, significant digits, power of ten.
struct DecimalParts: Equatable {
    var negative: Bool
    var digits: [UInt8]
    var exponent: Int

    init?(_ text: String) {
        var bytes = Array(text.utf8)[...]
        negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true; bytes = bytes.dropFirst()
        } else if bytes.first == UInt8(ascii: "+") {
            bytes = bytes.dropFirst()
        }
        digits = []
        exponent = 0
        var sawDigit = false
        var afterPoint = false
        while let c = bytes.first, c == UInt8(ascii: ".") || (c >= 48 && c <= 57) {
            bytes = bytes.dropFirst()
            if c == UInt8(ascii: ".") {
                if afterPoint { return nil }
                afterPoint = true
                continue
            }
            sawDigit = true
            if digits.isEmpty && c == 48 {
                if afterPoint { exponent -= 1 }
                continue
            }
            digits.append(c - 48)
            if afterPoint { exponent -= 1 }
        }
        guard sawDigit else { return nil }
        if let c = bytes.first, c == UInt8(ascii: "e") || c == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            var expNegative = false
            if bytes.first == UInt8(ascii: "-") {
                expNegative = true; bytes = bytes.dropFirst()
            } else if bytes.first == UInt8(ascii: "+") {
                bytes = bytes.dropFirst()
            }
            guard !bytes.isEmpty else { return nil }
            var e = 0
            for c in bytes {
                guard c >= 48 && c <= 57 else { return nil }
                e = min(e * 10 + Int(c - 48), 1_000_000)
            }
            exponent += expNegative ? -e : e
            bytes = bytes[bytes.endIndex...]
        }
        guard bytes.isEmpty else { return nil }
    }
}
