/// Writes JSON into a byte buffer the way `JSONSerialization`'s `.prettyPrinted` and most
/// HTTP APIs do: one member per line, two-space indent, `"key": value`, empty containers
/// as `{}` and `[]`.
///
/// Strings are passed in already escaped (`string(escaped:)`, or `beginString()`, then
/// `raw(_:)` pieces, then `endString()`): the payload generator keeps its text fragments in
/// their JSON source form, so escapes such as `\u00e9` or `\"` are chosen on purpose rather
/// than left to an encoder.
struct PrettyJSONWriter {
    private(set) var bytes: [UInt8] = []
    /// One entry per open container: whether it has a member yet.
    private var openContainers: [Bool] = []
    /// Set after a key, so the value that follows goes on the same line.
    private var afterKey = false

    init(reservingCapacity capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    var count: Int { bytes.count }

    mutating func beginObject() { open(UInt8(ascii: "{")) }
    mutating func endObject() { close(UInt8(ascii: "}")) }
    mutating func beginArray() { open(UInt8(ascii: "[")) }
    mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Starts an object member; `name` must need no escaping.
    mutating func key(_ name: StaticString) {
        startValue()
        bytes.append(UInt8(ascii: "\""))
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: " ")])
        afterKey = true
    }

    /// Starts an object member whose name is already escaped JSON text.
    mutating func key(escaped name: [UInt8]) {
        startValue()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: name)
        bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":"), UInt8(ascii: " ")])
        afterKey = true
    }

    /// A string value that needs no escaping.
    mutating func string(_ text: StaticString) {
        startValue()
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A string value whose contents are already valid escaped JSON text.
    mutating func string(escaped text: [UInt8]) {
        startValue()
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: text)
        bytes.append(UInt8(ascii: "\""))
    }

    /// Opens a string value whose contents follow as `raw(_:)` calls.
    mutating func beginString() {
        startValue()
        bytes.append(UInt8(ascii: "\""))
    }

    mutating func endString() {
        bytes.append(UInt8(ascii: "\""))
    }

    /// Escaped JSON text inside a string opened by `beginString()`.
    mutating func raw(_ text: [UInt8]) {
        bytes.append(contentsOf: text)
    }

    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func raw(byte: UInt8) {
        bytes.append(byte)
    }

    mutating func raw(decimal value: Int, minimumDigits: Int = 1) {
        Self.appendDecimal(value, to: &bytes, minimumDigits: minimumDigits)
    }

    mutating func int(_ value: Int) {
        startValue()
        Self.appendDecimal(value, to: &bytes)
    }

    /// A fixed-point number such as `-122.4194` (`scale` digits after the point), written
    /// without going through `Double`'s description.
    mutating func fixed(_ scaled: Int, scale: Int) {
        startValue()
        if scaled < 0 { bytes.append(UInt8(ascii: "-")) }
        var divisor = 1
        for _ in 0..<scale { divisor *= 10 }
        Self.appendDecimal(abs(scaled) / divisor, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        Self.appendDecimal(abs(scaled) % divisor, to: &bytes, minimumDigits: scale)
    }

    /// A number in exponent form, such as `4.5e-7`.
    mutating func scientific(mantissa: Int, fractionDigit: Int, exponent: Int) {
        startValue()
        Self.appendDecimal(mantissa, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        Self.appendDecimal(fractionDigit, to: &bytes)
        bytes.append(UInt8(ascii: "e"))
        Self.appendDecimal(exponent, to: &bytes)
    }

    mutating func bool(_ value: Bool) {
        startValue()
        literal(value ? "true" : "false")
    }

    mutating func null() {
        startValue()
        literal("null")
    }

    /// Digits of `value`, left-padded with zeros to `minimumDigits`.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8], minimumDigits: Int = 1) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digitCount = 1
        var rest = magnitude / 10
        while rest > 0 {
            digitCount += 1
            rest /= 10
        }
        digitCount = max(digitCount, minimumDigits)
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digitCount))
        var position = start + digitCount - 1
        while magnitude > 0 {
            bytes[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            position -= 1
        }
    }

    private mutating func literal(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Writes the separator, line break and indent that come before a value or a key.
    private mutating func startValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = openContainers.indices.last else { return }
        if openContainers[last] { bytes.append(UInt8(ascii: ",")) }
        openContainers[last] = true
        newline(depth: openContainers.count)
    }

    private mutating func open(_ bracket: UInt8) {
        startValue()
        bytes.append(bracket)
        openContainers.append(false)
    }

    private mutating func close(_ bracket: UInt8) {
        let hadMembers = openContainers.removeLast()
        if hadMembers { newline(depth: openContainers.count) }
        bytes.append(bracket)
        if openContainers.isEmpty { bytes.append(UInt8(ascii: "\n")) }
    }

    private mutating func newline(depth: Int) {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0..<depth {
            bytes.append(UInt8(ascii: " "))
            bytes.append(UInt8(ascii: " "))
        }
    }
}
