import Testing
@testable import JSONTree
