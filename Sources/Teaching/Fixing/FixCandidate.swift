import DecodingEngine
import JSONTree
import ModelSchema

/// A fix before it is verified: the edits, the decoder options it needs, and how to check it.
struct FixCandidate: Sendable {
    /// How the candidate is checked.
    enum Check: Sendable {
        /// Parse the edited model again and decode again (another type or node if given).
        case redecode(type: TypeRef? = nil, node: NodeID? = nil)
        /// The edit is code ModelSchema cannot read: `absorbs` says which baseline errors the
        /// fix's rules remove; `newErrors` counts errors its rules would raise instead.
        case valueByValue(absorbs: @Sendable (LocatedDecodingError) -> Bool, newErrors: Int)
    }

    var kind: Fix.Kind
    var title: String
    var detail: String
    var edits: [FileEdits] = []
    /// The strategies to decode with, when the fix changes them.
    var options: DecodeOptions?
    var decoderSetting: DecoderSetting?
    var decodeCall: DecodeCall?
    var check: Check
    /// What the fix costs, given the baseline errors it was verified to remove (the values it
    /// lets through, the elements it drops).
    var cost: @Sendable ([LocatedDecodingError]) -> FixCost

    init(
        kind: Fix.Kind, title: String, detail: String, edits: [FileEdits] = [], options: DecodeOptions? = nil,
        decoderSetting: DecoderSetting? = nil, decodeCall: DecodeCall? = nil, check: Check,
        cost: @escaping @Sendable ([LocatedDecodingError]) -> FixCost = { _ in .keepsEveryValue }
    ) {
        self.kind = kind
        self.title = title
        self.detail = detail
        self.edits = edits
        self.options = options
        self.decoderSetting = decoderSetting
        self.decodeCall = decodeCall
        self.check = check
        self.cost = cost
    }
}

/// Which error is which across two decodes of the same payload: the node it is about does not
/// change when a key strategy changes the coding path's spelling.
struct ErrorIdentity: Hashable {
    var kind: LocatedDecodingError.Kind
    var node: NodeID?
    var key: String?
    var path: [PathComponent]

    init(_ error: LocatedDecodingError) {
        kind = error.kind
        node = error.node
        key = error.key
        path = error.node == nil ? error.codingPath : []
    }
}
