/// A JSON value as the machine-readable outputs write it (`check --format json`, `fix --format
/// json`): object members in the order they are given, strings escaped once, by
/// ``Quoted/json(_:)``, when the text is written. A value that is already JSON text (a decoded
/// value, rendered as the decode went) is carried as its byte segments and written as they are,
/// never parsed back nor copied into the rest of the text.
public indirect enum OutputJSON: Sendable {
    case object([Member])
    case array([OutputJSON])
    case string(String)
    case integer(Int)
    case bool(Bool)
    case null
    /// JSON text made elsewhere, in pieces written one after another.
    case rendered([[UInt8]])

    /// One member of an object.
    public struct Member: Sendable {
        public var key: String
        public var value: OutputJSON

        public init(_ key: String, _ value: OutputJSON) {
            self.key = key
            self.value = value
        }
    }

    /// A string, or null.
    public static func string(_ text: String?) -> OutputJSON { text.map { .string($0) } ?? .null }

    /// The value on one line, as UTF-8, in pieces: text made here is handed over in runs, each
    /// ``rendered(_:)`` segment by itself (a decoded value can be as large as the payload).
    public func write(_ out: ([UInt8]) -> Void) {
        var buffer: [UInt8] = []
        write(into: &buffer, out)
        if !buffer.isEmpty { out(buffer) }
    }

    /// The value on one line.
    public var text: String {
        var bytes: [UInt8] = []
        write { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    private func write(into buffer: inout [UInt8], _ out: ([UInt8]) -> Void) {
        switch self {
        case .object(let members):
            buffer.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { buffer += Array(", ".utf8) }
                buffer += Array(Quoted.json(member.key).utf8)
                buffer += Array(": ".utf8)
                member.value.write(into: &buffer, out)
            }
            buffer.append(UInt8(ascii: "}"))
        case .array(let items):
            buffer.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { buffer += Array(", ".utf8) }
                item.write(into: &buffer, out)
            }
            buffer.append(UInt8(ascii: "]"))
        case .string(let text): buffer += Array(Quoted.json(text).utf8)
        case .integer(let number): buffer += Array(String(number).utf8)
        case .bool(let flag): buffer += Array((flag ? "true" : "false").utf8)
        case .null: buffer += Array("null".utf8)
        case .rendered(let segments):
            if !buffer.isEmpty { out(buffer) }
            buffer.removeAll(keepingCapacity: true)
            for segment in segments { out(segment) }
        }
    }
}
