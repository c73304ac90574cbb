/// What `y` copies of the cursor's node.
public enum CopyFormat: String, Hashable, Sendable, CaseIterable {
    /// `yp`: the key path in the contract form, `$.a.b[0]`.
    case path
    /// `yj`: the JSON Pointer, `/a/b/0`.
    case pointer
    /// `ys`: Swift code that walks a `Decoder` there with nested containers.
    case swift
    /// `yv`: the value's JSON text as the payload has it.
    case value
    /// `yk` (jless): the node's key, or its position in an array.
    case key
    /// `yq` (jless): the path as jq writes it, `.a.b[0]`, `.["has space"]`.
    case jq
    /// `yb` (jless): the path in brackets only, `["a"]["b"][0]`.
    case brackets

    /// How the status line names what was copied.
    var noun: String {
        switch self {
        case .path: "key path"
        case .pointer: "JSON Pointer"
        case .swift: "Swift code"
        case .value: "value"
        case .key: "key"
        case .jq: "jq path"
        case .brackets: "bracket path"
        }
    }
}
