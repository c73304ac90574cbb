import DecodingEngine
import Foundation
import JSONTree

extension ExplorerState {
    /// `I`: asks for models inferred from the node at the cursor, named after its key.
    mutating func inferModel() -> [Effect] {
        let node = cursor.node
        guard tree.kind(node).isContainer else {
            status = StatusMessage("I infers models for an object or an array: move to one", tone: .error)
            return []
        }
        return [.inferModel(node: node, name: Self.typeName(forKey: tree.key(node)), keys: decode.setup.options.keys)]
    }

    /// Uses the inferred file as the model and decodes its root type at the cursor.
    mutating func useInferredModel(
        path: String, rootType: String, keys: DecodeOptions.KeyStrategy,
        dates: DecodeOptions.DateStrategy?
    ) -> [Effect] {
        decode.setup.modelPaths = [path]
        decode.setup.typeExpression = rootType
        decode.setup.options.keys = keys
        if let dates { decode.setup.options.dates = dates }
        decode.root = cursor.node
        decode.phase = .idle
        decode.overlay = nil
        decode.decodesAfterModelReload = true
        status = StatusMessage("wrote \(path); decoding \(rootType) with it")
        decode.reloadCause = "wrote \(path) (inferred \(rootType))"
        return [.reload(payload: false, models: true)]
    }

    /// `line_items` → `LineItems`; no key (an array element, the root) → `Root`.
    static func typeName(forKey key: String?) -> String {
        guard let key else { return "Root" }
        let words = key.split { !$0.isLetter && !$0.isNumber }
        let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = name.first, first.isLetter, name.unicodeScalars.allSatisfy({ $0.isASCII }) else { return "Root" }
        return name
    }
}
