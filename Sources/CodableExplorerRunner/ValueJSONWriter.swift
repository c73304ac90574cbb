import Foundation

/// Writes a decoded value's JSON (check-output.md's `value` field) as it walks the value, in
/// parts: each part is handed to `emit` once it holds ``partSize`` bytes, so the runner sends the
/// text on its channel while it writes it, and no tree of the whole value (``DecodedValue``) nor
/// its whole text is ever held.
///
/// The text is what the engine's `DecodedValue.json` writes for the value the explorer reads
/// (``DecodedValue/make(_:)``, with `Mirror`), byte for byte (`ValueJSONWriterTests`): the same
/// reading of optionals, scalars, collections, dictionaries (keys sorted), enums and objects
/// (superclass fields first), the same escaping. It is faster where that reading allows: a type
/// is sorted once (``Shape``); an exact scalar type, an optional and an array are written
/// without a `Mirror`; a plain struct is read by its ``FieldLayout``, found once per type, where a
/// `Mirror` would demangle each field's type on each instance; and a value type is not tried
/// against each scalar type, which only a class instance or an `AnyHashable` could become.
public struct ValueJSONWriter {
    /// The bytes of a part at least (a frame on the runner's channel), but the last.
    let partSize: Int
    private var buffer: [UInt8] = []
    private let emit: ([UInt8]) -> Void

    public init(partSize: Int = 1 << 20, emit: @escaping ([UInt8]) -> Void) {
        self.partSize = partSize
        self.emit = emit
        buffer.reserveCapacity(min(partSize, 1 << 20) + 4096)
    }

    /// Writes `value`'s JSON, then hands over what is left.
    public mutating func writeWhole(_ value: Any) {
        write(value)
        flush()
    }

    /// Hands over the bytes written so far, if any.
    public mutating func flush() {
        guard !buffer.isEmpty else { return }
        emit(buffer)
        buffer.removeAll(keepingCapacity: true)
    }

    private mutating func flushIfFull() {
        if buffer.count >= partSize { flush() }
    }

    /// How each type met so far is written, found once per type.
    private var shapes: [ObjectIdentifier: Shape] = [:]

    private enum Shape {
        case string, int, double, bool
        /// Another of the scalar types (``writeBridgedScalar(_:)``).
        case otherScalar
        case optional
        case array
        /// A range, an `NSRange` or a metatype: its `description`, as a string (``DescribedValue``).
        case described
        /// A plain struct, read by its layout.
        case fields(FieldLayout)
        /// Anything else: read with `Mirror`, as ``DecodedValue/make(_:)`` does.
        case mirror
    }

    mutating func write(_ value: Any) {
        let id = ObjectIdentifier(Swift.type(of: value))
        let shape: Shape
        if let known = shapes[id] {
            shape = known
        } else {
            shape = Self.shape(of: value, id)
            shapes[id] = shape
        }
        switch shape {
        case .string: writeString(value as! String)
        case .int: append(String(value as! Int))
        case .double: writeDouble(value as! Double)
        case .bool: append((value as! Bool) ? "true" : "false")
        case .otherScalar: _ = writeBridgedScalar(value)
        case .optional:
            if let wrapped = (value as! any OptionalValue).wrappedValue { write(wrapped) } else { append("null") }
        case .array:
            buffer.append(UInt8(ascii: "["))
            var first = true
            (value as! any ArrayValue).forEachElement { element in
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                write(element)
            }
            buffer.append(UInt8(ascii: "]"))
        case .fields(let layout):
            buffer.append(UInt8(ascii: "{"))
            var first = true
            let read = layout.forEachField(of: value) { name, child in
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                writeString(name ?? "_")
                buffer.append(UInt8(ascii: ":"))
                write(child)
            }
            if read {
                buffer.append(UInt8(ascii: "}"))
            } else {
                buffer.removeLast()
                writeMirrored(value)
            }
        case .described: writeString(DescribedValue.description(of: value) ?? "")
        case .mirror: writeMirrored(value)
        }
        flushIfFull()
    }

    /// How a value of this type is written: by its exact scalar type, as an optional or an array
    /// (their mirrors' children are their wrapped value and elements), by its layout when `Mirror`
    /// would read it from the same metadata, else with `Mirror`.
    private static func shape(of value: Any, _ id: ObjectIdentifier) -> Shape {
        if id == ObjectIdentifier(String.self) { return .string }
        if id == ObjectIdentifier(Int.self) { return .int }
        if id == ObjectIdentifier(Double.self) { return .double }
        if id == ObjectIdentifier(Bool.self) { return .bool }
        if otherScalarTypes.contains(id) { return .otherScalar }
        if value is any OptionalValue { return .optional }
        if value is any ArrayValue { return .array }
        if DescribedValue.description(of: value) != nil { return .described }
        let type = Swift.type(of: value)
        if !(type is AnyObject.Type), !(value is any CustomReflectable), Mirror(reflecting: value).displayStyle == .struct,
            let layout = FieldLayout(type)
        {
            return .fields(layout)
        }
        return .mirror
    }

    /// ``DecodedValue/make(_:)``'s reading, written as it goes.
    private mutating func writeMirrored(_ value: Any) {
        let mirror = Mirror(reflecting: value)
        let style = mirror.displayStyle
        if style == .optional {
            guard let wrapped = mirror.children.first else { return append("null") }
            return write(wrapped.value)
        }
        if Self.mayBecomeScalar(value, style), writeBridgedScalar(value) { return }
        switch style {
        case .collection?, .set?:
            buffer.append(UInt8(ascii: "["))
            var first = true
            for child in mirror.children {
                if !first { buffer.append(UInt8(ascii: ",")) }
                first = false
                write(child.value)
            }
            buffer.append(UInt8(ascii: "]"))
        case .dictionary?:
            // As DecodedValue.dictionary: each pair's key (a String, or its description), sorted.
            let pairs = mirror.children.map { pair -> (name: String, value: Any?) in
                let parts = Array(Mirror(reflecting: pair.value).children)
                let key = parts.first.map { $0.value as? String ?? String(describing: $0.value) } ?? ""
                return (key, parts.count > 1 ? parts[1].value : nil)
            }
            writeObject(pairs.sorted { $0.name < $1.name })
        case .enum?:
            writeEnum(value, mirror)
        default:
            var chain: [Mirror] = []
            var current: Mirror? = mirror
            while let m = current {
                chain.append(m)
                current = m.superclassMirror
            }
            buffer.append(UInt8(ascii: "{"))
            var first = true
            for m in chain.reversed() {
                for child in m.children {
                    if !first { buffer.append(UInt8(ascii: ",")) }
                    first = false
                    writeString(child.label ?? "_")
                    buffer.append(UInt8(ascii: ":"))
                    write(child.value)
                }
            }
            buffer.append(UInt8(ascii: "}"))
        }
    }

    /// Fields as a JSON object; a nil value is `null`.
    private mutating func writeObject(_ fields: [(name: String, value: Any?)]) {
        buffer.append(UInt8(ascii: "{"))
        for (i, field) in fields.enumerated() {
            if i > 0 { buffer.append(UInt8(ascii: ",")) }
            writeString(field.name)
            buffer.append(UInt8(ascii: ":"))
            if let value = field.value { write(value) } else { append("null") }
        }
        buffer.append(UInt8(ascii: "}"))
    }

    /// As DecodedValue's enum cases: a raw value alone, else `{"case":…,"values":{…}}`.
    private mutating func writeEnum(_ value: Any, _ mirror: Mirror) {
        let name = mirror.children.first?.label ?? String(describing: value)
        if let raw = value as? any RawRepresentable { return write(raw.rawValue) }
        append("{\"case\":")
        writeString(name)
        if let payload = mirror.children.first?.value {
            let parts = Mirror(reflecting: payload)
            if parts.displayStyle == .tuple {
                let fields = parts.children.enumerated().map { i, child -> (name: String, value: Any?) in
                    (child.label.flatMap { $0.hasPrefix(".") ? nil : $0 } ?? "_\(i)", child.value)
                }
                if !fields.isEmpty {
                    append(",\"values\":")
                    writeObject(fields)
                }
            } else {
                append(",\"values\":")
                writeObject([("_0", payload)])
            }
        }
        buffer.append(UInt8(ascii: "}"))
    }

    /// Whether a cast could make `value` one of the scalar types although its type is none of
    /// them: only a class instance (Foundation's bridged classes), an `AnyHashable`, or a type
    /// whose mirror says nothing of its kind.
    private static func mayBecomeScalar(_ value: Any, _ style: Mirror.DisplayStyle?) -> Bool {
        let type = type(of: value)
        switch style {
        case .struct?, .enum?, .tuple?, .collection?, .dictionary?, .set?:
            return type is AnyObject.Type || type == AnyHashable.self
        default:
            return true
        }
    }

    private static let otherScalarTypes: Set<ObjectIdentifier> = [
        ObjectIdentifier(Int8.self), ObjectIdentifier(Int16.self), ObjectIdentifier(Int32.self), ObjectIdentifier(Int64.self),
        ObjectIdentifier(UInt.self), ObjectIdentifier(UInt8.self), ObjectIdentifier(UInt16.self), ObjectIdentifier(UInt32.self),
        ObjectIdentifier(UInt64.self), ObjectIdentifier(Float.self), ObjectIdentifier(Decimal.self), ObjectIdentifier(Date.self),
        ObjectIdentifier(Data.self), ObjectIdentifier(URL.self), ObjectIdentifier(UUID.self),
    ]

    /// DecodedValue's scalar casts, in its order: the first that succeeds is written, true.
    private mutating func writeBridgedScalar(_ value: Any) -> Bool {
        switch value {
        case let v as Bool: append(v ? "true" : "false")
        case let v as String: writeString(v)
        case let v as Int: append(String(v))
        case let v as Int8: append(String(v))
        case let v as Int16: append(String(v))
        case let v as Int32: append(String(v))
        case let v as Int64: append(String(v))
        case let v as UInt: append(String(v))
        case let v as UInt8: append(String(v))
        case let v as UInt16: append(String(v))
        case let v as UInt32: append(String(v))
        case let v as UInt64: append(String(v))
        case let v as Double: writeDouble(v)
        case let v as Float: if v.isFinite { append(v.description) } else { writeString(v.description) }
        case let v as Decimal:
            let text = v.description
            writeString(Decimal(string: text)?.description ?? text)
        case let v as Date:
            writeString(Self.iso8601.string(from: Date(timeIntervalSince1970: v.timeIntervalSince1970)))
        case let v as Data: writeString(v.base64EncodedString())
        case let v as URL:
            let text = v.absoluteString
            writeString(URL(string: text)?.absoluteString ?? text)
        case let v as UUID: writeString(v.uuidString)
        default: return false
        }
        return true
    }

    /// Dates as the engine's `DecodedValue.json` writes them.
    nonisolated(unsafe) static let iso8601: ISO8601DateFormatter = {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }()

    private mutating func writeDouble(_ v: Double) {
        if v.isFinite { append(v.description) } else { writeString(v.description) }
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { buffer.append(contentsOf: $0) }
    }

    /// A JSON string literal, as the engine's `DecodedValue.json` writes it (in UTF-8 a byte
    /// below 0x20 is always a whole control character, so bytes can be escaped one by one).
    private mutating func writeString(_ s: String) {
        buffer.append(UInt8(ascii: "\""))
        var s = s
        s.withUTF8 { bytes in
            var start = 0
            for (i, byte) in bytes.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<i]))
                start = i + 1
                switch byte {
                case UInt8(ascii: "\""): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case UInt8(ascii: "\n"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case UInt8(ascii: "\r"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case UInt8(ascii: "\t"): buffer.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                default:
                    let digits = Array("0123456789abcdef".utf8)
                    buffer.append(contentsOf: [
                        UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), digits[Int(byte >> 4)],
                        digits[Int(byte & 0xF)],
                    ])
                }
            }
            buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        }
        buffer.append(UInt8(ascii: "\""))
    }
}

/// An optional, whose mirror's one child (or none) is its wrapped value.
private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? {
        guard case .some(let wrapped) = self else { return nil }
        return wrapped
    }
}

/// An array, whose mirror's children are its elements in order.
private protocol ArrayValue {
    func forEachElement(_ body: (Any) -> Void)
}

extension Array: ArrayValue {
    func forEachElement(_ body: (Any) -> Void) {
        for element in self { body(element) }
    }
}
