/// Which table of the key map a key is looked up in: the tree's, or that of a view drawn over
/// it. keys.conf names an action, and the action says its context, so `map x fixes-close`
/// binds `x` in the fixes view without touching `x` in the tree.
public enum KeyContext: String, Hashable, Sendable, CaseIterable {
    case browse
    /// `f`: the verified fixes.
    case fixes
    /// The question before a fix is written (`y` writes, any other key does not).
    case confirmFix = "confirm-fix"
    /// `i`: stepping through init(from:).
    case stepping
    /// `o`: the decoding options.
    case options
    /// `S`: the tour's scenarios.
    case scenarios

    /// What the help screen calls it.
    var title: String {
        switch self {
        case .browse: "In the tree"
        case .fixes: "In the fixes view (f)"
        case .confirmFix: "Asked before writing a fix"
        case .stepping: "Stepping through init(from:) (i)"
        case .options: "In the options (o)"
        case .scenarios: "In the tour's scenarios (S)"
        }
    }
}
