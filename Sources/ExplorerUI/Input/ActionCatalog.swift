import JSONTree

/// The actions a key can be bound to, with the names keys.conf uses and what the help screen
/// says. The names are a public contract (README lists them): add new ones, never rename.
public enum ActionCatalog {
    public struct Entry: Sendable {
        /// The name in keys.conf: `move-down`.
        public var name: String
        public var action: Action
        /// What the help screen says it does.
        public var summary: String
        /// The view the key works in: the tree, or one drawn over it (fixes, stepping, options).
        public var context: KeyContext = .browse
    }

    /// In the order the help screen lists them.
    public static let entries: [Entry] =
        [
            Entry(name: "move-down", action: .moveDown, summary: "move down"),
            Entry(name: "move-up", action: .moveUp, summary: "move up"),
            Entry(name: "fold-or-parent", action: .foldOrParent, summary: "fold, or go to the parent"),
            Entry(name: "unfold-or-child", action: .unfoldOrChild, summary: "unfold, or go to the first child"),
            Entry(name: "next-sibling", action: .nextSibling, summary: "next sibling"),
            Entry(name: "previous-sibling", action: .previousSibling, summary: "previous sibling"),
            Entry(name: "first", action: .first, summary: "first row"),
            Entry(name: "last", action: .last, summary: "last row"),
            Entry(name: "half-page-down", action: .halfPageDown, summary: "half a page down"),
            Entry(name: "half-page-up", action: .halfPageUp, summary: "half a page up"),
            Entry(name: "page-down", action: .pageDown, summary: "a page down"),
            Entry(name: "page-up", action: .pageUp, summary: "a page up"),
            Entry(name: "toggle-fold", action: .toggleFold, summary: "fold or unfold"),
            Entry(name: "unfold-all-below", action: .unfoldAllBelow, summary: "unfold everything under the cursor"),
            Entry(name: "fold-all-below", action: .foldAllBelow, summary: "fold everything under the cursor"),
            Entry(name: "search", action: .openPrompt(.search), summary: "search keys and values (regex)"),
            Entry(name: "next-match", action: .nextMatch, summary: "next match"),
            Entry(name: "previous-match", action: .previousMatch, summary: "previous match"),
            Entry(name: "go-to-path", action: .openPrompt(.goTo), summary: "go to a key path or JSON Pointer"),
            Entry(name: "copy-path", action: .copy(.path), summary: "copy the key path ($.a.b[0])"),
            Entry(name: "copy-pointer", action: .copy(.pointer), summary: "copy the JSON Pointer (/a/b/0)"),
            Entry(name: "copy-swift", action: .copy(.swift), summary: "copy Swift code that decodes it"),
            Entry(name: "copy-value", action: .copy(.value), summary: "copy the value's JSON"),
            Entry(name: "pager", action: .openPager, summary: "show the value whole (pager)"),
            Entry(name: "decode-here", action: .decodeHere, summary: "decode the type here"),
            Entry(name: "pick-type", action: .openPrompt(.type), summary: "pick the type to decode"),
            Entry(name: "options", action: .openOptions, summary: "strategies, all errors"),
            Entry(name: "all-errors", action: .toggleAllErrors, summary: "all errors on or off, and decode again"),
            Entry(name: "next-error", action: .nextError, summary: "next decoding error"),
            Entry(name: "previous-error", action: .previousError, summary: "previous decoding error"),
            Entry(name: "next-caught", action: .nextCaught, summary: "next error your code caught"),
            Entry(name: "previous-caught", action: .previousCaught, summary: "previous error your code caught"),
            Entry(name: "fixes", action: .openFixes, summary: "verified fixes; write one"),
            Entry(name: "step-init", action: .openStepping, summary: "step through init(from:)"),
            Entry(name: "infer-model", action: .inferModel, summary: "infer models for this node"),
            Entry(name: "next-detail", action: .cycleDetail, summary: "detail: error, value, source"),
            Entry(name: "fold-value", action: .foldValue(-1), summary: "value view: fold a level"),
            Entry(name: "unfold-value", action: .foldValue(1), summary: "value view: unfold a level"),
            Entry(name: "detail-down", action: .scrollDetail(.halfPages(1)), summary: "scroll the detail pane down"),
            Entry(name: "detail-up", action: .scrollDetail(.halfPages(-1)), summary: "scroll the detail pane up"),
            Entry(name: "reload", action: .reload(payload: true, models: true), summary: "read the files again"),
            Entry(name: "help", action: .showHelp, summary: "this help"),
            Entry(name: "cancel", action: .cancel, summary: "close; stop a search; hide matches"),
            Entry(name: "redraw", action: .redraw, summary: "paint the screen again"),
            Entry(name: "suspend", action: .suspend, summary: "suspend to the shell (fg resumes)"),
            Entry(name: "quit", action: .quit, summary: "quit"),
            Entry(name: "back-to-list", action: .backToList, summary: "back to the capture's list (an entry opened from it)"),
            // What jless and fx users reach for.
            Entry(name: "search-backward", action: .openPrompt(.searchBackward), summary: "search backwards (n goes on backwards)"),
            Entry(name: "fold-to-level-1", action: .foldToLevel(1), summary: "show one level, fold the rest"),
            Entry(name: "fold-to-level-2", action: .foldToLevel(2), summary: "show two levels"),
            Entry(name: "fold-to-level-3", action: .foldToLevel(3), summary: "show three levels"),
            Entry(name: "fold-to-level-4", action: .foldToLevel(4), summary: "show four levels"),
            Entry(name: "fold-to-level-5", action: .foldToLevel(5), summary: "show five levels"),
            Entry(name: "fold-to-level-6", action: .foldToLevel(6), summary: "show six levels"),
            Entry(name: "fold-to-level-7", action: .foldToLevel(7), summary: "show seven levels"),
            Entry(name: "fold-to-level-8", action: .foldToLevel(8), summary: "show eight levels"),
            Entry(name: "fold-to-level-9", action: .foldToLevel(9), summary: "show nine levels"),
            Entry(name: "fold-siblings", action: .foldSiblings, summary: "fold this and its sibling containers"),
            Entry(name: "unfold-siblings", action: .unfoldSiblings, summary: "unfold this and its sibling containers"),
            Entry(name: "matching-bracket", action: .matchingBracket, summary: "to the matching bracket"),
            Entry(name: "jump-back", action: .jumpBack, summary: "back where a jump came from (and the decode root)"),
            Entry(name: "jump-forward", action: .jumpForward, summary: "forward again in the jump history"),
            Entry(name: "copy-key", action: .copy(.key), summary: "copy the key (or the array position)"),
            Entry(name: "copy-jq-path", action: .copy(.jq), summary: "copy the path for jq (.a.b[0])"),
            Entry(name: "copy-bracket-path", action: .copy(.brackets), summary: "copy the path in brackets ([\"a\"][0])"),
            Entry(name: "wrap", action: .toggleWrap, summary: "wrap long strings, or cut them"),
            Entry(name: "edit-value", action: .openEditor(wholePayload: false), summary: "the value in $EDITOR (a copy)"),
            Entry(name: "edit-payload", action: .openEditor(wholePayload: true), summary: "the payload in $EDITOR at this line (a copy)"),
            Entry(name: "line-mode", action: .toggleLines, summary: "the payload as lines, errors marked"),
            Entry(name: "scenarios", action: .openScenarios, summary: "the tour: pick a sample scenario, read its ABOUT"),
        ] + modes

    /// The keys of the views drawn over the tree.
    static let modes: [Entry] = [
        Entry(name: "fixes-next", action: .fixes(.by(1)), summary: "next fix", context: .fixes),
        Entry(name: "fixes-previous", action: .fixes(.by(-1)), summary: "previous fix", context: .fixes),
        Entry(name: "fixes-write", action: .fixes(.askToWrite), summary: "write the fix (asks first)", context: .fixes),
        Entry(name: "fixes-close", action: .fixes(.close), summary: "close", context: .fixes),
        Entry(name: "fixes-scroll-down", action: .fixes(.scroll(.halfPages(1))), summary: "scroll the fix's diff down", context: .fixes),
        Entry(name: "fixes-scroll-up", action: .fixes(.scroll(.halfPages(-1))), summary: "scroll the fix's diff up", context: .fixes),
        Entry(name: "fixes-confirm", action: .fixes(.confirm), summary: "yes, write it (any other key: no)", context: .confirmFix),
        Entry(name: "step-next", action: .step(.by(1)), summary: "next call", context: .stepping),
        Entry(name: "step-previous", action: .step(.by(-1)), summary: "previous call", context: .stepping),
        Entry(name: "step-ahead", action: .step(.by(10)), summary: "ten calls on", context: .stepping),
        Entry(name: "step-back", action: .step(.by(-10)), summary: "ten calls back", context: .stepping),
        Entry(name: "step-first", action: .step(.first), summary: "first call", context: .stepping),
        Entry(name: "step-last", action: .step(.last), summary: "last call", context: .stepping),
        Entry(name: "step-next-failure", action: .step(.nextFailure), summary: "next call that threw", context: .stepping),
        Entry(name: "step-close", action: .step(.close), summary: "close", context: .stepping),
        Entry(name: "options-next", action: .optionsMenu(.by(1)), summary: "next setting", context: .options),
        Entry(name: "options-previous", action: .optionsMenu(.by(-1)), summary: "previous setting", context: .options),
        Entry(name: "options-change", action: .optionsMenu(.change(forward: true)), summary: "next value", context: .options),
        Entry(name: "options-change-back", action: .optionsMenu(.change(forward: false)), summary: "previous value", context: .options),
        Entry(name: "options-edit-date-format", action: .optionsMenu(.editDateFormat), summary: "edit the date format", context: .options),
        Entry(name: "options-close", action: .optionsMenu(.close), summary: "close (decodes again if changed)", context: .options),
        Entry(name: "scenarios-next", action: .scenarios(.by(1)), summary: "next scenario", context: .scenarios),
        Entry(name: "scenarios-previous", action: .scenarios(.by(-1)), summary: "previous scenario", context: .scenarios),
        Entry(name: "scenarios-about-down", action: .scenarios(.scrollAbout(1)), summary: "scroll its ABOUT down", context: .scenarios),
        Entry(name: "scenarios-about-up", action: .scenarios(.scrollAbout(-1)), summary: "scroll its ABOUT up", context: .scenarios),
        Entry(name: "scenarios-open", action: .scenarios(.open), summary: "open it (model, type and strategies)", context: .scenarios),
        Entry(name: "scenarios-close", action: .scenarios(.close), summary: "close", context: .scenarios),
    ]

    public static func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    public static func entry(for action: Action) -> Entry? {
        entries.first { $0.action == action }
    }

    /// The names nearest to a mistyped one, for "did you mean".
    static func suggestions(for name: String) -> [String] {
        let scored = entries.map { (EditDistance.between($0.name, name), $0.name) }
        let best = scored.map(\.0).min() ?? 0
        guard best <= max(2, name.count / 3) else {
            return entries.map(\.name).filter { $0.contains(name) || name.contains($0) }.prefix(3).map { $0 }
        }
        return scored.filter { $0.0 == best }.prefix(3).map(\.1)
    }
}
