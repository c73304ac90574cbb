import Foundation
import JSONTree

/// Compiled `--all-errors` for any root: decode, locate the error, set its fault aside in a copy of
/// the payload, decode the copy, and so on until a copy decodes (or a fault cannot be set aside, or
/// ``limit`` decodes). Every error listed is one `JSONDecoder` really threw, on the payload or on a
/// copy with the earlier faults set aside, located on the user's payload.
///
/// How a fault is set aside, always in the same stated way (``AllErrorsSearch/SetAside``):
/// - a value read with a keyed `decodeIfPresent` is replaced by `null` (what a missing value gives);
/// - a value of the wrong type, `null` for a non-optional, or a number that does not fit is replaced by
///   the smallest value of the type Foundation expected: `0`, `""`, `false`, `{}`, `[]`;
/// - a missing key is put in, with that value for the type the model's call asked for (the trace's);
/// - anything else (an error of the model's own type, a string the type's own code rejects) is not set
///   aside: the search stops there, and says so.
///
/// The copies keep every key and array position of the payload, so a copy's coding paths are the
/// payload's, and each node of a copy maps back to the payload's by its path. An error about a value
/// that was put in (a `{}` whose keys the type requires) is not the payload's: it ends the search
/// unlisted (``AllErrorsSearch/Stop/placeholderRejected``).
struct FaultSetAside {
    /// The most decodes one search makes.
    static let limit = 24

    var decoder: CompiledDecoder
    var typeExpression: String
    var payloadPath: String
    var tree: JSONTree
    var node: NodeID
    var options: DecodeOptions
    /// The key strategy the decode used (the app decoder's, with `--decoder`): a missing key is put in
    /// only under the default one, where the payload spells the key as the coding path does.
    var keys: DecodeOptions.KeyStrategy

    /// A pending edit of the copy, on the payload's text.
    private struct Edit {
        var record: AllErrorsSearch.SetAside
        /// Replaced range, or the insertion point (an empty range) after the object's `{`.
        var range: Range<Int>
        var text: String
    }

    /// The errors after `first` (the payload's own report), how they were found, and the errors the model's
    /// code caught in the copies that the payload's own decode did not reach (on the payload's nodes).
    func search(
        after first: DecodeReport
    ) throws(CompiledDecoder.Failure) -> (
        errors: [LocatedDecodingError], search: AllErrorsSearch, caught: [CaughtError]
    ) {
        var caught = first.caught
        let known = first.caught.count
        var search = AllErrorsSearch(method: .setAside, decodes: 1)
        var found: [LocatedDecodingError] = []
        var edits: [Edit] = []
        var current = first
        var copy = tree
        let folder: URL
        do {
            folder = try PrivateFolder.makeUnique(in: FileManager.default.temporaryDirectory, prefix: "codable-explorer-all-errors")
        } catch { throw .cacheUnsafe(error.description) }
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("payload.json")
        var traced = options
        traced.tracesCalls = true
        traced.allErrors = false
        while !current.errors.isEmpty {
            // The fault's node in the copy needs the trace's calls (a missing key's type, the number a
            // "not valid JSON" is about); the payload's own first decode may have run untraced.
            if current.trace.isEmpty {
                guard search.decodes < Self.limit else {
                    search.stop = .limit(Self.limit)
                    break
                }
                current = try decoder.decode(
                    typeExpression, payloadPath: copyPath(edits, file), tree: copy, at: mapped(node, from: tree, to: copy),
                    options: traced, wantsValue: false, traces: true)
                search.decodes += 1
                guard current.errors.first != nil else { break }
            }
            guard let edit = setAside(current.errors[0], trace: current.trace, in: copy) else {
                search.stop = .cannotSetAside
                break
            }
            guard search.decodes < Self.limit else {
                search.stop = .limit(Self.limit)
                break
            }
            edits.append(edit)
            search.setAside.append(edit.record)
            let text = Self.apply(edits, to: tree.text)
            do { try Data(text).write(to: file, options: [.atomic]) } catch {
                throw .cacheUnwritable(file.path, error.localizedDescription)
            }
            guard let next = try? JSONTree.parse(text, options: .init(json5: tree.isJSON5)), let at = mapped(node, from: tree, to: next)
            else {
                search.stop = .cannotSetAside
                break
            }
            copy = next
            current = try decoder.decode(
                typeExpression, payloadPath: file.path, tree: copy, at: at, options: traced, wantsValue: false, traces: true)
            search.decodes += 1
            // What the model's code caught further on than the payload's own decode went.
            for one in current.caught {
                guard let error = onPayload(one.error, thrownAt: nil, from: copy, edits: edits),
                    !caught.contains(where: { $0.error.isSame(as: error) })
                else { continue }
                var kept = one
                kept.error = error
                caught.append(kept)
            }
            guard let fault = current.errors.first else { break }
            // The same error again: the edit did not reach the fault (a key the decoder spells otherwise).
            guard let located = onPayload(fault, thrownAt: thrownAt(fault, trace: current.trace), from: copy, edits: edits),
                !(found.last ?? first.errors[0]).isSame(as: located)
            else {
                search.stop = .placeholderRejected
                break
            }
            found.append(located)
        }
        return (found, search, Array(caught.dropFirst(known)))
    }

    /// The path of the copy with `edits` applied (the payload itself when none are).
    private func copyPath(_ edits: [Edit], _ file: URL) -> String {
        edits.isEmpty ? payloadPath : file.path
    }

    /// The stated way to set `error`'s fault aside in `copy`, as an edit of the payload; nil when there is none.
    private func setAside(_ error: LocatedDecodingError, trace: [TraceEntry], in copy: JSONTree) -> Edit? {
        let threw = Self.thrower(of: error, in: trace)
        let site = threw?.site
        switch error.kind {
        case .other: return nil
        case .keyNotFound:
            guard keys == .useDefaultKeys, let object = error.node, copy.kind(object) == .object, let key = error.key,
                let value = site.flatMap(Self.placeholder(for:)), let original = mapped(object, from: copy, to: tree)
            else { return nil }
            let quoted = String(decoding: (try? JSONEncoder().encode(key)) ?? Data(), as: UTF8.self)
            let start = tree.byteRange(original).lowerBound + 1
            return Edit(
                record: .init(
                    node: original, path: CodingPathResolver.components(to: original, in: tree), location: tree.location(original),
                    edit: .insertedKey(quoted, value: value)),
                range: start..<start, text: "\(quoted): \(value)")
        case .typeMismatch, .valueNotFound, .dataCorrupted:
            let at = thrownAt(error, trace: trace) ?? error.node
            guard let at, let original = mapped(at, from: copy, to: tree), original != tree.root || error.kind != .dataCorrupted
            else { return nil }
            let value: String?
            if site?.method == "decodeIfPresent", site?.container == .keyed {
                value = "null"
            } else if error.kind == .dataCorrupted {
                value = copy.kind(at) == .number ? "0" : nil
            } else {
                value = error.expectedType.flatMap(Self.placeholder(forType:))
            }
            guard let value else { return nil }
            return Edit(
                record: .init(
                    node: original, path: CodingPathResolver.components(to: original, in: tree), location: tree.location(original),
                    edit: .replaced(with: value)),
                range: tree.byteRange(original), text: value)
        }
    }

    /// The last call of the trace that threw `error`'s kind: the call the error left.
    private static func thrower(of error: LocatedDecodingError, in trace: [TraceEntry]) -> TraceEntry? {
        trace.last { entry in
            if case .threw(let kind, _) = entry.outcome { kind == error.kind } else { false }
        }
    }

    /// "Not valid JSON" with no coding path (a number that does not fit): the number the throwing call
    /// read, from the trace; nil for any other error.
    private func thrownAt(_ error: LocatedDecodingError, trace: [TraceEntry]) -> NodeID? {
        guard error.kind == .dataCorrupted, error.codingPath.isEmpty, let node = Self.thrower(of: error, in: trace)?.node else {
            return nil
        }
        return node
    }

    /// The smallest JSON value of the type a call asked for, as `String(describing:)` prints it.
    static func placeholder(for site: CompiledCallSite) -> String? {
        switch site.method {
        case "nestedContainer": "{}"
        case "nestedUnkeyedContainer": "[]"
        case "decode": site.type.flatMap(placeholder(forType:))
        default: nil
        }
    }

    static func placeholder(forType type: String) -> String? {
        let name = type.hasPrefix("Swift.") ? String(type.dropFirst(6)) : type
        switch name {
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "Float16",
            "CGFloat", "Decimal":
            return "0"
        case "String": return "\"\""
        case "Bool": return "false"
        default:
            if name.hasPrefix("Dictionary<") || name.hasPrefix("KeyedDecodingContainer") { return "{}" }
            if name.hasPrefix("Array<") || name.hasPrefix("UnkeyedDecodingContainer") || name.hasPrefix("Set<") { return "[]" }
            return nil
        }
    }

    /// The payload's text with `edits` made: replacements, and keys put in (with the commas JSON needs).
    private static func apply(_ edits: [Edit], to text: [UInt8]) -> [UInt8] {
        var out = text
        // From the end, so the earlier offsets hold; several keys put in one object are joined.
        let ordered = edits.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) > ($1.element.range.lowerBound, $1.offset) }
        for (_, edit) in ordered {
            var piece = edit.text
            if edit.range.isEmpty {
                // A key put in after `{`: a comma before whatever follows, unless the object is empty.
                var next = edit.range.lowerBound
                while next < out.count, [0x20, 0x09, 0x0A, 0x0D].contains(out[next]) { next += 1 }
                if next < out.count, out[next] != UInt8(ascii: "}") { piece += ", " }
            }
            out.replaceSubrange(edit.range, with: Array(piece.utf8))
        }
        return out
    }

    /// `node` of `from` in `to`, by its path; nil when `to` has no such node.
    private func mapped(_ node: NodeID, from: JSONTree, to: JSONTree) -> NodeID? {
        try? NodePath(of: node, in: from).resolve(in: to).get()
    }

    /// A copy's error on the payload: its nodes mapped back; nil when it is about a value put in.
    private func onPayload(
        _ error: LocatedDecodingError, thrownAt: NodeID?, from copy: JSONTree, edits: [Edit]
    )
        -> LocatedDecodingError?
    {
        var error = error
        if let thrownAt, copy.kind(thrownAt) == .number {
            // A number that does not fit: Foundation says the root; the value is the call's (as a caught one is).
            error.node = thrownAt
            error.reason = .numberDoesNotFit
        }
        guard let node = error.node else { return error }
        guard let original = mapped(node, from: copy, to: tree),
            !edits.contains(where: { edit in
                if case .insertedKey = edit.record.edit { return false }
                return isWithin(original, edit.record.node)
            })
        else { return nil }
        error.node = original
        error.location = tree.location(original)
        if var cause = error.realCause {
            guard let causeNode = mapped(cause.node, from: copy, to: tree) else { return nil }
            cause.node = causeNode
            cause.location = tree.location(causeNode)
            error.realCause = cause
        }
        return error
    }

    func isWithin(_ node: NodeID, _ ancestor: NodeID) -> Bool {
        var at: NodeID? = node
        while let current = at {
            if current == ancestor { return true }
            at = tree.parent(current)
        }
        return false
    }
}

extension LocatedDecodingError {
    /// The same error as `other`: the same case, coding path and words, on the same node.
    func isSame(as other: LocatedDecodingError) -> Bool {
        kind == other.kind && codingPath == other.codingPath && debugDescription == other.debugDescription && node == other.node
    }
}
