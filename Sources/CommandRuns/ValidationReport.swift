import Foundation
import JSONTree

/// What `validate` found, printable as diagnostics or as JSON.
public struct ValidationReport {
    public var accepted: Bool
    public var diagnostics: [PayloadDiagnostic]
    /// For each diagnostic: JSONDecoder traps there instead of throwing (an app decoding the
    /// payload crashes): the 513th `[` ending the input, JSON5 numbers such as `9e+`.
    public var crashesDecoder: [Bool]
    public var tree: JSONTree?

    public init(payload: [UInt8], options: JSONTree.Options) {
        do {
            let tree = try JSONTree.parse(payload, options: options)
            self.tree = tree
            accepted = tree.isAcceptedByJSONDecoder
            diagnostics = tree.issues.map(\.diagnostic)
            crashesDecoder = tree.issues.map(\.crashesDecoder)
        } catch {
            tree = nil
            accepted = false
            diagnostics = [error.diagnostic]
            crashesDecoder = [error.crashesDecoder]
        }
    }

    public func text(file: String, payload: [UInt8]) -> String {
        var out = diagnostics.map { $0.rendered(file: file, payload: payload) }
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        let name = TerminalSafeText.escape(file)
        var summary: String
        if accepted, let tree, tree.isJSONLines {
            // Read as JSON Lines: each line is a document; the file whole is not one.
            summary =
                "\(name): valid JSON Lines: JSONDecoder accepts each line as a document "
                + "(it rejects the file read whole, so decode it line by line)"
        } else if accepted {
            summary = "\(name): valid: JSONDecoder accepts it" + (tree?.isJSON5 == true ? " with allowsJSON5 = true (read as JSON5)" : "")
        } else if tree?.isStructureAcceptedByJSONDecoder != true {
            summary = "\(name): invalid: JSONDecoder rejects it whatever the model (it says only \"The given data was not valid JSON.\")"
        } else {
            summary = "\(name): invalid: the structure is sound, but JSONDecoder rejects the values marked error when a model reads them"
        }
        if let tree {
            let kind = tree.isJSONLines ? "read as JSON Lines: \(tree.childCount(tree.root)) records" : "\(tree.nodeCount) nodes"
            summary += "; \(kind), \(tree.encoding.name)"
        }
        summary += "; \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        out.append(summary)
        return out.joined(separator: "\n")
    }

    public struct JSONOutput: Encodable {
        public struct Item: Encodable {
            public var severity: String
            public var message: String
            public var line: Int
            public var column: Int
            public var offset: Int
            /// JSONDecoder traps here instead of throwing.
            public var crashesDecoder: Bool
        }
        public var file: String
        public var valid: Bool
        /// An app decoding this payload with JSONDecoder crashes (an error below says where).
        public var decoderCrashes: Bool
        public var encoding: String?
        public var jsonLines: Bool
        public var nodes: Int?
        public var errors: [Item]
        public var warnings: [Item]
    }

    public func json(file: String) -> String {
        let items = zip(diagnostics, crashesDecoder).map { d, crashes in
            JSONOutput.Item(
                severity: d.severity.rawValue, message: d.message, line: d.location.line, column: d.location.column,
                offset: d.location.offset, crashesDecoder: crashes)
        }
        let output = JSONOutput(
            file: file, valid: accepted, decoderCrashes: crashesDecoder.contains(true), encoding: tree?.encoding.name,
            jsonLines: tree?.isJSONLines ?? false, nodes: tree?.nodeCount,
            errors: items.filter { $0.severity == SourceDiagnostic.Severity.error.rawValue },
            warnings: items.filter { $0.severity != SourceDiagnostic.Severity.error.rawValue })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(output)) ?? Data("{}".utf8), as: UTF8.self)
    }
}
