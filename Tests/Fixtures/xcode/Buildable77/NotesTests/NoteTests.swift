import XCTest

final class NoteTests: XCTestCase {
    func testNothing() {}
}
