import DecodingEngine
import Foundation
import Testing

@testable import ExplorerUI

/// A folded container says how many decoding errors it hides, so folding never hides that
/// something inside failed; `]e` still visits each one.
@Suite struct FoldedErrorCountTests {
    typealias Flow = DecodeFlowTests

    static func row(_ lines: [String], containing text: String) -> String? { lines.first { $0.contains(text) } }

    @Test func aFoldedArrayCountsTheErrorsOfItsElements() throws {
        var options = DecodeOptions()
        options.allErrors = true
        // Three errors in three elements; `h` on the root folds it.
        let (backend, app, _) = try Flow.app("18-bad-array-elements", type: "[CartItem]", events: Flow.keys("h"), options: options)
        #expect(app.state.decode.overlay?.report.errors.count == 3)
        let lines = backend.frames.last!.text.split(separator: "\n").map(String.init)
        let root = try #require(lines.dropFirst().first)
        #expect(root.contains("✖ 3 errors inside"), "\(lines.joined(separator: "\n"))")
        // Unfolded again (`l`), the count gives way to the elements' own marks.
        let (open, _, _) = try Flow.app("18-bad-array-elements", type: "[CartItem]", events: Flow.keys("hl"), options: options)
        #expect(!open.frames.last!.text.contains("errors inside"))
        // `]e` from the folded root still reaches the first error.
        let (_, jumped, _) = try Flow.app("18-bad-array-elements", type: "[CartItem]", events: Flow.keys("h]e"), options: options)
        #expect(jumped.state.cursor == jumped.state.decode.overlay?.stops.first?.row)
    }

    @Test func aFoldedObjectCountsAnErrorDeepInside() throws {
        // 01-basics: products[1] lacks "description"; `j` to products, `h` folds it.
        let (backend, _, _) = try Flow.app("01-basics", type: "ProductCategory", events: Flow.keys("jjh"))
        let lines = backend.frames.last!.text.split(separator: "\n").map(String.init)
        let products = try #require(Self.row(lines, containing: "\"products\""))
        #expect(products.hasPrefix("✖"), "\(products)")
        #expect(products.contains("✖ 1 error inside"), "\(products)")
        // The element that lacks the key, folded, says its own error as before.
        let (elements, _, _) = try Flow.app("01-basics", type: "ProductCategory", events: [])
        let element = try #require(Self.row(elements.frames.last!.text.split(separator: "\n").map(String.init), containing: "3 keys"))
        #expect(element.contains("keyNotFound: missing key `description`"), "\(element)")
    }
}
