import Foundation
import JSONTree

/// Reads HAR 1.2 (`{"log": {"creator": …, "entries": [{"request": …, "response": …}]}}`) as
/// the exporters write it. Only what HAR requires of an entry is required here (a request's
/// `method` and `url`, a response's `status` and `content`); the exporters' own members (Chrome's
/// `_resourceType`, Charles's `timings`, Pulse's empty `encoding`) are read past.
struct HARReader {
    var file: String

    func open(_ bytes: [UInt8]) throws(CaptureError) -> Capture {
        let tree: JSONTree
        do { tree = try JSONTree.parse(bytes, options: .init(detectsDuplicateKeys: false)) } catch {
            throw CaptureError(file: file, location: error.location, reason: .notJSON(error))
        }
        if let error = tree.structureError { throw CaptureError(file: file, location: error.location, reason: .notJSON(error)) }
        let root = tree.root
        guard tree.kind(root) == .object else {
            throw CaptureError(file: file, location: tree.location(root), reason: .notHAR(found: tree.kind(root)))
        }
        let log = try member("log", of: root, named: "the HAR", kind: .object, in: tree)
        let entries = try member("entries", of: log, named: "log", kind: .array, in: tree)
        let creator = tree.member(log, key: "creator").flatMap { tree.member($0, key: "name") }.flatMap(tree.stringValue)
        var nodes: [NodeID] = []
        for entry in tree.children(entries) {
            try check(entry, in: tree)
            nodes.append(entry)
        }
        return Capture(format: .har, creator: creator, layout: .har(tree, nodes))
    }

    /// An entry's required members, checked once when the capture opens.
    private func check(_ entry: NodeID, in tree: JSONTree) throws(CaptureError) {
        guard tree.kind(entry) == .object else {
            throw CaptureError(
                file: file, location: tree.location(entry), reason: .wrongKind(member: "entry", expected: .object, found: tree.kind(entry)))
        }
        let request = try member("request", of: entry, named: "entry", kind: .object, in: tree)
        _ = try member("method", of: request, named: "request", kind: .string, in: tree)
        _ = try member("url", of: request, named: "request", kind: .string, in: tree)
        let response = try member("response", of: entry, named: "entry", kind: .object, in: tree)
        let status = try member("status", of: response, named: "response", kind: .number, in: tree)
        guard case .success(let code) = tree.number(status)?.integer(as: Int.self), (0...999).contains(code) else {
            throw CaptureError(file: file, location: tree.location(status), reason: .badStatus(tree.rawText(status)))
        }
        let content = try member("content", of: response, named: "response", kind: .object, in: tree)
        for (name, kind) in [("text", NodeKind.string), ("encoding", .string), ("mimeType", .string)] {
            if let node = tree.member(content, key: name), tree.kind(node) != kind, tree.kind(node) != .null {
                throw CaptureError(
                    file: file, location: tree.location(node), reason: .wrongKind(member: name, expected: kind, found: tree.kind(node)))
            }
        }
    }

    private func member(
        _ name: String, of object: NodeID, named owner: String, kind: NodeKind, in tree: JSONTree
    ) throws(CaptureError) -> NodeID {
        guard let node = tree.member(object, key: name) else {
            throw CaptureError(file: file, location: tree.location(object), reason: .missing(member: name, in: owner))
        }
        guard tree.kind(node) == kind else {
            throw CaptureError(
                file: file, location: tree.location(node), reason: .wrongKind(member: name, expected: kind, found: tree.kind(node)))
        }
        return node
    }

    /// The entry at `node` (checked by ``open(_:)``), its credentials masked and its body decoded;
    /// with `measuresBody`, a UTF-8 body to decode is measured instead (``CaptureBody/measured(byteCount:)``).
    static func entry(_ node: NodeID, index: Int, in tree: JSONTree, measuresBody: Bool = false) -> CaptureEntry {
        func string(_ object: NodeID?, _ key: String) -> String? {
            object.flatMap { tree.member($0, key: key) }.flatMap(tree.stringValue)
        }
        let request = tree.member(node, key: "request")
        let response = tree.member(node, key: "response")
        let content = response.flatMap { tree.member($0, key: "content") }
        let status = response.flatMap { tree.member($0, key: "status") }.flatMap { try? tree.number($0)?.integer(as: Int.self).get() }
        let mimeType = string(content, "mimeType")
        var entry = CaptureEntry(
            index: index, line: tree.location(node).line, method: string(request, "method"),
            url: string(request, "url").map(CredentialMask.url), status: status == 0 ? nil : status,
            requestHeaders: headers(of: request, in: tree), responseHeaders: headers(of: response, in: tree), mimeType: mimeType,
            body: .notRecorded)
        entry.body = body(
            text: content.flatMap { tree.member($0, key: "text") }.flatMap { tree.kind($0) == .string ? Text(tree: tree, node: $0) : nil },
            encoding: string(content, "encoding"), mimeType: mimeType,
            size: content.flatMap { tree.member($0, key: "size") }.flatMap { try? tree.number($0)?.integer(as: Int.self).get() },
            status: entry.status, measures: measuresBody)
        return entry
    }

    /// A `headers` array's `{"name", "value"}` pairs, credentials masked; none when the exporter
    /// left them out (Chrome's sanitized export).
    private static func headers(of owner: NodeID?, in tree: JSONTree) -> [CaptureHeader] {
        guard let owner, let list = tree.member(owner, key: "headers"), tree.kind(list) == .array else { return [] }
        return tree.children(list).compactMap { header in
            guard let name = tree.member(header, key: "name").flatMap(tree.stringValue) else { return nil }
            return CredentialMask.header(name: name, value: tree.member(header, key: "value").flatMap(tree.stringValue) ?? "")
        }
    }

    /// The body as the app's decoder would have been given it.
    /// A body's recorded text, in the capture's tree: made into a `String`, or measured.
    struct Text {
        var tree: JSONTree
        var node: NodeID

        var isEmpty: Bool { tree.byteRange(node).count <= 2 }
        var string: String { tree.stringValue(node) ?? "" }
        var utf8: [UInt8] { tree.stringUTF8(node) ?? [] }
    }

    static func body(text: Text?, encoding: String?, mimeType: String?, size: Int?, status: Int?, measures: Bool = false) -> CaptureBody {
        guard let text else {
            return size == 0 || status == 204 || status == 304 ? .empty : .notRecorded
        }
        if text.isEmpty { return .empty }
        let media = MediaType.facts(of: mimeType ?? "")
        if media.isKnownNotJSON { return .notJSON(mimeType: mimeType ?? "") }
        let base64 = encoding?.lowercased() == "base64"
        // A list measures a UTF-8 body without making it: the same verdicts from its length and first bytes.
        if measures, !base64, media.sendsUTF8, let (count, leading) = text.tree.stringMeasure(text.node, lead: MediaType.isLead) {
            if !media.isJSON, !MediaType.looksLikeJSON(leading) { return .notJSON(mimeType: mimeType ?? "") }
            return count == 0 ? .empty : .measured(byteCount: count)
        }
        let bytes: [UInt8]
        // Pulse writes `"encoding": ""` for plain text; only base64 is an encoding HAR names.
        if base64 {
            guard let data = Data(base64Encoded: text.string, options: .ignoreUnknownCharacters) else {
                return .unreadable("its text is not valid base64")
            }
            bytes = [UInt8](data)
        } else {
            bytes = media.sendsUTF8 ? text.utf8 : media.bytes(of: text.string)
        }
        if !media.isJSON, !MediaType.looksLikeJSON(bytes) { return .notJSON(mimeType: mimeType ?? "") }
        return bytes.isEmpty ? .empty : .bytes(bytes)
    }
}
