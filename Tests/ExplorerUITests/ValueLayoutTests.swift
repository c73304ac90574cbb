import Testing

@testable import ExplorerUI

/// The value view's layout of a decoded value's Swift text: groups that fit stay whole, the
/// others put an element on each line.
@Suite struct ValueLayoutTests {
    @Test func aValueThatFitsIsOneLine() {
        #expect(ValueLayout.lines("Item(id: 1)", width: 40) == [" Item(id: 1)"])
    }

    @Test func aGroupTooWideBreaksAndItsElementsThatFitStayWhole() {
        let text = "Page(items: [Item(id: 1), Item(id: 2)], next: nil)"
        #expect(
            ValueLayout.lines(text, width: 40, indent: 0) == [
                "Page(",
                "  items: [Item(id: 1), Item(id: 2)],",
                "  next: nil",
                ")",
            ])
        #expect(
            ValueLayout.lines(text, width: 20, indent: 0) == [
                "Page(",
                "  items: [",
                "    Item(id: 1),",
                "    Item(id: 2)",
                "  ],",
                "  next: nil",
                ")",
            ])
    }

    @Test func bracketsInStringsAreText() {
        #expect(
            ValueLayout.lines(#"Tag(name: "a, (b)", id: 7)"#, width: 20, indent: 0) == [
                "Tag(", #"  name: "a, (b)","#, "  id: 7", ")",
            ])
    }

    @Test func aValueCutShortEndsInOneEllipsis() {
        #expect(
            ValueLayout.lines("[Item(id: 1), Item(id: 2", width: 16, indent: 0, isTruncated: true) == [
                "[", "  Item(id: 1),", "  Item(id: 2…",
            ])
    }

    /// `-` in the value view: groups a level deeper than shown fold to `Item(…)`.
    @Test func deeperGroupsFold() {
        let text = "Page(items: [Item(id: 1), Item(id: 2)], next: nil)"
        #expect(ValueLayout.depth(of: text) == 3)
        #expect(ValueLayout.lines(text, width: 80, indent: 0, depth: 2) == ["Page(items: [Item(…), Item(…)], next: nil)"])
        #expect(ValueLayout.lines(text, width: 80, indent: 0, depth: 1) == ["Page(items: […], next: nil)"])
        #expect(ValueLayout.lines(text, width: 80, indent: 0, depth: 0) == ["Page(…)"])
    }
}
