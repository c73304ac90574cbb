import DecodingEngine
import JSONTree
import ModelSchema

/// A number (or a Bool) sent as text where a hand-written `init(from:)` decodes the number: the
/// call reads it either way (`decodeLossless`, a `KeyedDecodingContainer` extension appended to
/// the file in full), at parity with schema mode's `LosslessValue`. Verified, like every
/// compiled-mode fix, by compiling the edited model and decoding again.
extension CompiledFixCandidates {
    static let losslessTypes: [String: ScalarType] = [
        "Int": .int, "Int8": .int8, "Int16": .int16, "Int32": .int32, "Int64": .int64, "UInt": .uint, "UInt8": .uint8,
        "UInt16": .uint16, "UInt32": .uint32, "UInt64": .uint64, "Double": .double, "Float": .float, "Bool": .bool,
    ]

    static let losslessHelper = """

        extension KeyedDecodingContainer {
            /// Decodes a number or a Bool sent as itself or as text ("12.5", "true"), converted with its init(_: String).
            func decodeLossless<T: Decodable & LosslessStringConvertible>(_ type: T.Type, forKey key: Key) throws -> T {
                if let value = try? decode(T.self, forKey: key) { return value }
                let text = try decode(String.self, forKey: key)
                guard let value = T(text) else {
                    throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "\\(text) is not a \\(T.self)")
                }
                return value
            }
        }

        """

    func textToNumberCandidates(at site: HandWrittenInit.CallSite, in initializer: HandWrittenInit, schema: Schema) -> [Candidate] {
        guard error.kind == .typeMismatch, site.method == "decode", site.hasKeyArgument, let type = site.typeText,
            let scalar = Self.losslessTypes[type.filter { !$0.isWhitespace }], let node = thrower.entry.node,
            tree.kind(node) == .string, LosslessSemantics.accepts(node, in: tree, as: scalar),
            let source = schema.sources.first(where: { $0.path == initializer.file })?.text
        else { return [] }
        var edits = [TextEdit(range: site.methodRange, replacement: "decodeLossless")]
        if !source.contains("func decodeLossless<") {
            let end = source.utf8.count
            edits.append(TextEdit(range: end..<end, replacement: (source.hasSuffix("\n") ? "" : "\n") + Self.losslessHelper))
        }
        let name = subject(at: site).title
        let sent = tree.stringValue(node) ?? ""
        let read = LosslessSemantics.converted(node, in: tree, as: scalar) ?? sent
        return [
            Candidate(
                kind: .losslessValue,
                title:
                    "Read \(name) as \(type) or as text at \(site.location.description.split(separator: ":").prefix(2).joined(separator: ":"))",
                detail:
                    "decodeLossless (added to the file, in full) decodes \(type) itself, else reads the value as text and converts it with \(type)(_:).",
                edits: [FileEdits(path: initializer.file, edits: edits)],
                cost: read == sent
                    ? .keepsEveryValue : .changesValues(count: 1, example: .init(sent: ValueSummary.quoted(sent), read: read)))
        ]
    }
}
