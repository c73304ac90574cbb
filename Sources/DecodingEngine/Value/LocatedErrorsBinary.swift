import CodableExplorerRunner
import Foundation
import JSONTree
import ModelSchema

/// A compact binary form of a report's errors, for the parts in which the worker child sends
/// them to the explorer or `check`: integers as LEB128 varints (zigzag when signed), which of an
/// error's optional fields are there in one byte, and every string written once and then
/// referred to by number, so are the model properties (each one as ``FrameEncoder`` writes it).
///
/// For 60,000 failing records `JSONEncoder` and `JSONDecoder` of the errors took 60% of
/// `check --all-errors`'s time: the same debugDescription, key, type name and property, once
/// per error. This form is written and read in one pass each, and each of those once per part.
public enum LocatedErrorsBinary {
    public typealias Unreadable = BinaryUnreadable

    /// Which optional fields an error has: one bit each, in the byte after its kind.
    private enum Has: UInt8 {
        case reason = 1, expectedType = 2, key = 4, node = 8, location = 16, realCause = 32, property = 64, errorType = 128
    }

    private enum Step: UInt8 { case key, index }

    public static func encode(_ errors: [LocatedDecodingError]) -> [UInt8] {
        var writer = Writer()
        writer.varint(UInt64(errors.count))
        for error in errors { writer.write(error) }
        return writer.bytes
    }

    public static func decode(_ bytes: some Collection<UInt8>) throws(Unreadable) -> [LocatedDecodingError] {
        var reader = Reader(bytes: Array(bytes))
        let n = try reader.count()
        var errors: [LocatedDecodingError] = []
        errors.reserveCapacity(n)
        for _ in 0..<n { errors.append(try reader.error()) }
        try reader.expectEnd()
        return errors
    }

    private struct Writer: InterningBinaryWriting {
        var bytes: [UInt8] = []
        var strings: [ExactText: Int] = [:]
        var properties: [PropertySchema: Int] = [:]
        let encoder = FrameEncoder()

        mutating func write(_ error: LocatedDecodingError) {
            interned(error.kind.rawValue)
            var has: UInt8 = 0
            if error.reason != nil { has |= Has.reason.rawValue }
            if error.expectedType != nil { has |= Has.expectedType.rawValue }
            if error.key != nil { has |= Has.key.rawValue }
            if error.node != nil { has |= Has.node.rawValue }
            if error.location != nil { has |= Has.location.rawValue }
            if error.realCause != nil { has |= Has.realCause.rawValue }
            if error.property != nil { has |= Has.property.rawValue }
            if error.errorType != nil { has |= Has.errorType.rawValue }
            bytes.append(has)
            if let reason = error.reason { interned(reason.rawValue) }
            varint(UInt64(error.codingPath.count))
            for step in error.codingPath {
                switch step {
                case .key(let key): bytes.append(Step.key.rawValue); interned(key)
                case .index(let index): bytes.append(Step.index.rawValue); signed(index)
                }
            }
            interned(error.debugDescription)
            if let expectedType = error.expectedType { interned(expectedType) }
            if let key = error.key { interned(key) }
            if let node = error.node { signed(node) }
            if let location = error.location { write(location) }
            if let cause = error.realCause {
                signed(cause.node)
                write(cause.location)
                interned(cause.explanation)
            }
            if let property = error.property { write(property) }
            if let errorType = error.errorType { interned(errorType) }
        }

        mutating func write(_ location: SourceLocation) {
            signed(location.line)
            signed(location.column)
            signed(location.offset)
        }

        /// A property: 0 and its bytes (``FrameEncoder``) the first time, then its number plus one.
        mutating func write(_ property: PropertySchema) {
            if let known = properties[property] {
                varint(UInt64(known) + 1)
                return
            }
            properties[property] = properties.count
            varint(0)
            // A PropertySchema is strings, integers and enums: the coder cannot fail on it.
            let coded = (try? encoder.encode(property)) ?? []
            varint(UInt64(coded.count))
            bytes += coded
        }
    }

    private struct Reader: InterningBinaryReading {
        static let contents = "the errors"
        let bytes: [UInt8]
        var offset = 0
        var strings: [String] = []
        var properties: [PropertySchema] = []
        let decoder = FrameDecoder()

        mutating func error() throws(Unreadable) -> LocatedDecodingError {
            let kindText = try interned()
            guard let kind = LocatedDecodingError.Kind(rawValue: kindText) else {
                throw Unreadable(description: "an unknown kind of error: \(kindText)")
            }
            let has = try byte()
            var error = LocatedDecodingError(kind: kind, codingPath: [], debugDescription: "")
            if has & Has.reason.rawValue != 0 {
                let reasonText = try interned()
                guard let reason = LocatedDecodingError.Reason(rawValue: reasonText) else {
                    throw Unreadable(description: "an unknown reason: \(reasonText)")
                }
                error.reason = reason
            }
            let steps = try count()
            error.codingPath.reserveCapacity(steps)
            for _ in 0..<steps {
                switch Step(rawValue: try byte()) {
                case .key: error.codingPath.append(.key(try interned()))
                case .index: error.codingPath.append(.index(try signedInt()))
                case nil: throw Unreadable(description: "an unknown coding path step at byte \(offset - 1)")
                }
            }
            error.debugDescription = try interned()
            if has & Has.expectedType.rawValue != 0 { error.expectedType = try interned() }
            if has & Has.key.rawValue != 0 { error.key = try interned() }
            if has & Has.node.rawValue != 0 { error.node = try signedInt() }
            if has & Has.location.rawValue != 0 { error.location = try location() }
            if has & Has.realCause.rawValue != 0 {
                let node = try signedInt()
                let location = try location()
                error.realCause = .init(node: node, location: location, explanation: try interned())
            }
            if has & Has.property.rawValue != 0 { error.property = try property() }
            if has & Has.errorType.rawValue != 0 { error.errorType = try interned() }
            return error
        }

        mutating func location() throws(Unreadable) -> SourceLocation {
            let line = try signedInt()
            let column = try signedInt()
            return SourceLocation(line: line, column: column, offset: try signedInt())
        }

        mutating func property() throws(Unreadable) -> PropertySchema {
            let n = try varint()
            if n == 0 {
                let coded = try slice(try count())
                let property: PropertySchema
                do { property = try decoder.decode(PropertySchema.self, from: Array(coded)) } catch {
                    throw Unreadable(description: "a property that does not read back: \(error)")
                }
                properties.append(property)
                return property
            }
            guard n - 1 < UInt64(properties.count) else { throw Unreadable(description: "a property not yet written at byte \(offset)") }
            return properties[Int(n - 1)]
        }
    }
}
