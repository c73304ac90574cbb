import Testing
@testable import ExplorerUI
