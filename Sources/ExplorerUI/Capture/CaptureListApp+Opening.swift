import Capture
import JSONTree

/// An entry of the capture ready to open as the tree: its body, parsed, and where its route's
/// type is decoded.
public struct OpenedEntry: Sendable {
    public var body: [UInt8]
    public var tree: JSONTree
    public var rule: RouteRule
    /// The node at the rule's `at KEYPATH` (nil: the root).
    public var root: NodeID?
    /// `chrome.har #3`: what the tree's header and the way back name.
    public var label: String
    /// The header's name: `chrome.har #3 GET /v1/users/7`.
    public var title: String

    /// Why an entry does not open, as the list's bottom line says it.
    public struct Refusal: Error, Sendable, Hashable {
        public var message: StatusMessage

        init(_ text: String, tone: StatusMessage.Tone = .info) { message = StatusMessage(text, tone: tone) }
    }
}

extension CaptureListApp {
    /// Entry `index` read again from the capture and parsed; why it cannot open, in words, when
    /// it cannot (no body to decode, no route, a body that is not JSON, no node at the rule's path).
    public func opening(_ index: Int) -> Result<OpenedEntry, OpenedEntry.Refusal> {
        let entry = capture.entry(at: index)
        guard case .bytes(let body) = entry.body, let rule = routes.rule(for: entry) else {
            return .failure(.init("entry \(index) has nothing to decode"))
        }
        let tree: JSONTree
        do { tree = try JSONTree.parseReadablePart(body) } catch {
            return .failure(.init("entry \(index): the body is not JSON: \(error.message)", tone: .error))
        }
        var root: NodeID?
        if rule.path != .root {
            switch rule.path.resolve(in: tree) {
            case .success(let node): root = node
            case .failure(let error):
                return .failure(.init("entry \(index): its route's `at \(rule.path)`: \(error.message)", tone: .error))
            }
        }
        let label = "\(state.name) #\(index)"
        let title = [label, entry.method, entry.path].compactMap { $0 }.joined(separator: " ")
        return .success(OpenedEntry(body: body, tree: tree, rule: rule, root: root, label: label, title: title))
    }
}
