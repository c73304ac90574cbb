import SwiftShims

/// The stored fields of a plain struct, read once per type from the runtime's reflection
/// metadata (the same the runtime's `Mirror` reads for every child of every instance, demangling
/// its type each time): name, offset and a reader of the field's type. ``ValueJSONWriter`` uses it
/// where a `Mirror` would give the same children: a struct that is not `CustomReflectable`, whose
/// fields are all strong references (a `weak` or `unowned` field is left to `Mirror`).
struct FieldLayout {
    struct Field {
        /// Nil when the metadata has no readable name (`Mirror` says `nil` then too).
        var name: String?
        var offset: Int
        var reader: any FieldReader.Type
    }

    var fields: [Field]

    /// The layout of `type`, a struct; nil when a field is not a strong reference.
    init?(_ type: Any.Type) {
        var fields: [Field] = []
        for index in 0..<reflectionFieldCount(type) {
            var metadata = _FieldReflectionMetadata()
            let fieldType = reflectionFieldType(type, index: index, fieldMetadata: &metadata)
            defer { metadata.freeFunc?(metadata.name) }
            guard metadata.isStrong else { return nil }
            let name = metadata.name.flatMap { String(validatingCString: $0) }
            fields.append(
                Field(name: name, offset: reflectionFieldOffset(type, index: index), reader: _openExistential(fieldType, do: readerType)))
        }
        self.fields = fields
    }

    /// Calls `body` with each field's name and value, in declaration order (`Mirror`'s children);
    /// false, without calling it, when the value has no address to read from (it takes no memory).
    func forEachField(of value: Any, _ body: (String?, Any) -> Void) -> Bool {
        func visit<Value>(_ opened: Value) -> Bool {
            withUnsafeBytes(of: opened) { raw in
                guard let base = raw.baseAddress else { return false }
                for field in fields { body(field.name, field.reader.read(base + field.offset)) }
                return true
            }
        }
        return _openExistential(value, do: visit)
    }
}

/// Reads a value of one type from memory, as `Any` (a copy).
protocol FieldReader {
    static func read(_ pointer: UnsafeRawPointer) -> Any
}

private enum Reader<Value>: FieldReader {
    static func read(_ pointer: UnsafeRawPointer) -> Any { pointer.assumingMemoryBound(to: Value.self).pointee }
}

private func readerType<Value>(_: Value.Type) -> any FieldReader.Type { Reader<Value>.self }

// The runtime's reflection entry points behind `Mirror` and the standard library's own
// `_forEachField` (which does not say whether a field is strong).
@_silgen_name("swift_reflectionMirror_recursiveCount")
private func reflectionFieldCount(_: Any.Type) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildOffset")
private func reflectionFieldOffset(_: Any.Type, index: Int) -> Int

@_silgen_name("swift_reflectionMirror_recursiveChildMetadata")
private func reflectionFieldType(
    _: Any.Type, index: Int, fieldMetadata: UnsafeMutablePointer<_FieldReflectionMetadata>
) -> Any.Type
